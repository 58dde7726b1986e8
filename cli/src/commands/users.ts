import { InvalidArgumentError } from 'commander'
import type { Command } from 'commander'
import type { PalletlineApi, PendingUser, UserProfile } from '../api/client.js'
import type { CommandContext } from '../context.js'
import { CliError, USAGE_EXIT_CODE } from '../errors.js'
import { renderAsk } from '../ui/ask.js'
import { canPrompt, renderConfirm } from '../ui/confirm.js'
import { formatDate, personName } from '../ui/format.js'
import { renderTable, type TableColumn } from '../ui/table.js'
import { renderTasks } from '../ui/tasks.js'
import { parseId } from './arguments.js'
import type { ContextOf } from './types.js'

/** An approval's reason, as the API takes it (docs/openapi.json `ApprovalInput`, decision 0189). */
export const MIN_REASON_LENGTH = 10
export const MAX_REASON_LENGTH = 500

interface PendingUserRow {
  id: number
  name: string
  email: string
  role: string
  company: string | null
  vetting: string | null
  registered: string
}

const pendingColumns: TableColumn<PendingUserRow>[] = [
  { key: 'id', header: 'id' },
  { key: 'name', header: 'name' },
  { key: 'email', header: 'email' },
  { key: 'role', header: 'role' },
  { key: 'company', header: 'company' },
  { key: 'vetting', header: 'vetting' },
  { key: 'registered', header: 'registered' },
]

type Vetting = NonNullable<PendingUser['carrierVetting']>

/** `pass`, `warn`, `fail`, or `not vetted` for a carrier; null (a dash) for anyone else. */
export function vettingResult(user: PendingUser): string | null {
  if (user.role !== 'carrier') return null
  return user.carrierVetting?.vetting?.result ?? 'not vetted'
}

/** The reasons of the checks that did not pass, failures first. */
export function vettingReasons(vetting: Vetting | null): string[] {
  const checks = vetting?.vetting?.checks ?? []
  return [
    ...checks.filter((check) => check.result === 'fail'),
    ...checks.filter((check) => check.result === 'warn'),
  ].map((check) => `${check.result}: ${check.reason}`)
}

function toRow(user: PendingUser): PendingUserRow {
  return {
    id: user.id,
    name: personName(user),
    email: user.email,
    role: user.role,
    company: user.companyName,
    vetting: vettingResult(user),
    registered: formatDate(user.createdAt),
  }
}

/** Commander parser for --reason: trimmed, 10 to 500 characters. */
function parseReason(value: string): string {
  const reason = value.trim()
  if (reason.length < MIN_REASON_LENGTH) {
    throw new InvalidArgumentError(`a reason of at least ${MIN_REASON_LENGTH} characters.`)
  }
  if (reason.length > MAX_REASON_LENGTH) {
    throw new InvalidArgumentError(`at most ${MAX_REASON_LENGTH} characters.`)
  }
  return reason
}

export function registerUsersCommands(program: Command, contextOf: ContextOf): void {
  const users = program.command('users').description('review registrations waiting for approval')

  users
    .command('pending')
    .description('list users waiting for approval, carriers with their vetting')
    .option('--json', 'print the raw JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const pending = await ctx.api().pendingUsers()
      if (options.json) return ctx.printJson(pending)
      await renderTable(pending.map(toRow), pendingColumns, ctx.io, {
        emptyMessage: 'No users are waiting for approval.',
      })
      // What did not pass, under the table: the reasons are too long for a column.
      const flagged = pending.filter((user) => vettingReasons(user.carrierVetting).length > 0)
      if (flagged.length > 0) ctx.print()
      for (const user of flagged) {
        ctx.print(`${user.id} ${user.companyName ?? user.email}:`)
        for (const reason of vettingReasons(user.carrierVetting)) ctx.print(`  ${reason}`)
      }
    })

  users
    .command('approve')
    .description('approve a pending user; a carrier whose vetting failed needs a reason')
    .argument('<id>', 'user id', parseId)
    .option(
      '--reason <text>',
      'why a carrier whose vetting failed is approved anyway (asked for on a terminal)',
      parseReason
    )
    .option('-y, --yes', 'skip the confirmation prompt')
    .action(
      async (userId: number, options: { yes?: boolean; reason?: string }, command: Command) => {
        await decideApproval(contextOf(command), userId, true, options)
      }
    )

  users
    .command('reject')
    .description('reject a pending user')
    .argument('<id>', 'user id', parseId)
    .option('-y, --yes', 'skip the confirmation prompt')
    .action(async (userId: number, options: { yes?: boolean }, command: Command) => {
      await decideApproval(contextOf(command), userId, false, options)
    })
}

async function decideApproval(
  ctx: CommandContext,
  userId: number,
  isApproved: boolean,
  options: { yes?: boolean; reason?: string }
): Promise<void> {
  const api = ctx.api()
  const outcome = isApproved ? 'approved' : 'rejected'
  // An approval reads the vetting first (a failed one needs a reason); a rejection only to
  // put a name on the prompt.
  const user =
    isApproved || (!options.yes && canPrompt(ctx.io)) ? await findPending(api, userId) : null
  const failed = user?.carrierVetting?.vetting?.result === 'fail'
  let reason = options.reason
  if (isApproved && failed && !reason) {
    const failures = vettingReasons(user.carrierVetting)
      .filter((line) => line.startsWith('fail'))
      .map((line) => line.slice('fail: '.length))
      .join('; ')
    // Scripted (or no terminal): the reason must come with the command.
    if (options.yes || !canPrompt(ctx.io)) {
      throw new CliError(
        `user ${userId}'s vetting failed (${failures}); to approve anyway, say why with --reason "<text>".`,
        USAGE_EXIT_CODE
      )
    }
    ctx.print(`User ${userId}'s vetting failed: ${failures}.`)
    reason =
      (await renderAsk('Why approve anyway? (recorded with the approval)', ctx.io, {
        minLength: MIN_REASON_LENGTH,
        maxLength: MAX_REASON_LENGTH,
      })) ?? undefined
    if (!reason) {
      ctx.note(`Nothing changed: user ${userId} was not approved (no reason given).`)
      return
    }
  }
  if (!options.yes) {
    // What did not pass, above the question (too long to share its line).
    for (const reason of vettingReasons(user?.carrierVetting ?? null)) ctx.print(`  ${reason}`)
    const confirmed = await renderConfirm(
      `${isApproved ? 'Approve' : 'Reject'} user ${userId}${user ? describe(user) : ''}?`,
      ctx.io
    )
    if (!confirmed) {
      ctx.note(`Nothing changed: user ${userId} was not ${outcome}.`)
      return
    }
  }

  let decided: UserProfile | undefined
  await renderTasks(
    [
      {
        title: `${isApproved ? 'Approving' : 'Rejecting'} user ${userId}`,
        run: async () => {
          decided = await api.approveUser(userId, isApproved, failed ? reason : undefined)
        },
      },
    ],
    ctx.io
  )
  const name = decided ? personName(decided) : ''
  const label = decided ? `${name ? `${name} ` : ''}<${decided.email}>` : `User ${userId}`
  ctx.print(`${label} is now ${outcome}.`)
}

async function findPending(api: PalletlineApi, userId: number): Promise<PendingUser | null> {
  return (await api.pendingUsers()).find((candidate) => candidate.id === userId) ?? null
}

/** Puts a name and the vetting on the id in the prompt, so the operator sees what they decide. */
function describe(user: PendingUser): string {
  const company = user.companyName ? `, ${user.companyName}` : ''
  const vetting = vettingResult(user)
  const vetted = vetting ? `; vetting: ${vetting}` : ''
  return ` (${personName(user) || user.email}, ${user.role}${company}${vetted})`
}
