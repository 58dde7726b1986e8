import { InvalidArgumentError } from 'commander'
import type { Command } from 'commander'
import type { PalletlineApi, PendingUser, UserProfile } from '../api/client.js'
import type { CommandContext } from '../context.js'
import { CliError, USAGE_EXIT_CODE } from '../errors.js'
import { renderAsk } from '../ui/ask.js'
import { canPrompt, renderConfirm } from '../ui/confirm.js'
import { formatDate, formatDateTime, personName } from '../ui/format.js'
import { renderTable, type TableColumn } from '../ui/table.js'
import { renderTasks } from '../ui/tasks.js'
import { parseId, parseIntUpTo, parseText } from './arguments.js'
import { oneOf, printPage, withListOptions, type ListOptions } from './listing.js'
import {
  OperatorApi,
  type AdminUser,
  type AdminUserAction,
  type AdminUserActionRequest,
  type AdminUserActionResult,
  type AdminUserQuery,
} from '../api/operator.js'
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
  const users = program
    .command('users')
    .description('review registrations waiting for approval, and manage every account')

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

  registerManagementCommands(users, contextOf)
  registerTwoPersonCommands(users, contextOf)
}

interface AdminUserRow {
  id: number
  name: string | null
  email: string
  role: string
  company: string | null
  approval: string
  standing: string
  twoFactor: string
  lastSignIn: string
  created: string
}

const userColumns: TableColumn<AdminUserRow>[] = [
  { key: 'id', header: 'id' },
  { key: 'name', header: 'name' },
  { key: 'email', header: 'email' },
  { key: 'role', header: 'role' },
  { key: 'company', header: 'company' },
  { key: 'approval', header: 'approval' },
  { key: 'standing', header: 'standing' },
  { key: 'twoFactor', header: '2fa' },
  { key: 'lastSignIn', header: 'last sign-in' },
  { key: 'created', header: 'created' },
]

const companyOf = (user: AdminUser): string | null => {
  const name = user.company?.name ?? user.membership?.companyName ?? null
  const role = user.membership?.role
  return name && role && role !== 'owner' ? `${name} (${role})` : name
}

const userRow = (user: AdminUser): AdminUserRow => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  // A member login names its company and its role there (decision 0223).
  company: companyOf(user),
  approval: user.approval,
  standing: user.standing,
  twoFactor: user.twoFactor ? 'on' : 'off',
  lastSignIn: formatDate(user.lastSignInAt, 'never'),
  created: formatDate(user.createdAt),
})

/** The CLI's actions on an account: the API's, by its path (docs/decisions/0210). */
const ACTIONS: { command: string; action: AdminUserAction; does: string; done: string }[] = [
  { command: 'suspend', action: 'suspend', does: 'suspend an account', done: 'suspended' },
  {
    command: 'reinstate',
    action: 'reinstate',
    does: 'reinstate a suspended account',
    done: 'reinstated',
  },
  {
    command: 'reset-2fa',
    action: 'reset-two-factor',
    does: "turn a user's two-factor sign-in off (never your own), once their identity is confirmed",
    done: 'two-factor sign-in is off',
  },
  {
    command: 'revoke-sessions',
    action: 'revoke-sessions',
    does: 'end every browser session of a user',
    done: 'signed out everywhere',
  },
  {
    command: 'reset-password',
    action: 'force-password-reset',
    does: "force a password reset: the user's password stops working, their sessions and API tokens end, and a link to set a new one is mailed to them",
    done: 'password reset; a link to set a new one was mailed',
  },
]

function registerManagementCommands(users: Command, contextOf: ContextOf): void {
  withListOptions(
    users
      .command('list')
      .description('every user, newest first, 20 a page (--per-page up to 100)')
      .option('--role <role>', 'shipper, carrier or admin', oneOf(['shipper', 'carrier', 'admin']))
      .option(
        '--approval <status>',
        'pending, approved or rejected',
        oneOf(['pending', 'approved', 'rejected'])
      )
      .option(
        '--standing <standing>',
        'active, suspended or locked',
        oneOf(['active', 'suspended', 'locked'])
      )
      .option('--two-factor <on|off>', 'two-factor sign-in on or off', oneOf(['on', 'off']))
      .option('--search <text>', 'part of a name, email, company, DOT or MC number', parseText(100))
      .option(
        '--sort <key>',
        'created, lastSignIn, email or company',
        oneOf(['created', 'lastSignIn', 'email', 'company'])
      )
      .option('--asc', 'ascending (default descending)')
      .option('--per-page <n>', 'rows a page, 1 to 100', parseIntUpTo100)
  ).action(async (options: ListOptions & UserListOptions, command: Command) => {
    const ctx = contextOf(command)
    const query: AdminUserQuery = {
      role: options.role,
      approval: options.approval,
      standing: options.standing,
      twoFactor: options.twoFactor,
      q: options.search,
      sort: options.sort,
      direction: options.asc ? 'asc' : undefined,
      perPage: options.perPage,
      page: options.page,
    }
    const result = await new OperatorApi(ctx.api()).users(query)
    if (options.json) return ctx.printJson(result)
    await printPage(ctx, result.data.map(userRow), userColumns, result.meta, 'No users match.')
  })

  users
    .command('show')
    .description('one user: company, counts, sessions, tokens, vetting, standing history')
    .argument('<id>', 'user id', parseId)
    .option('--json', 'print the raw JSON')
    .action(async (userId: number, options: { json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const detail = await new OperatorApi(ctx.api()).user(userId)
      if (options.json) return ctx.printJson(detail)
      const { user } = detail
      const company = user.company
        ? `${user.company.name} (DOT ${user.company.dotNumber ?? '—'}, ${user.company.mcNumber ?? 'no MC'})`
        : '—'
      const lines: [string, string][] = [
        ['user', `${user.id} ${user.name ?? ''} <${user.email}>`.replace('  ', ' ')],
        ['role', user.role],
        ['company', company],
        ['approval', user.approval],
        [
          'standing',
          user.standing === 'locked'
            ? `locked until ${formatDateTime(user.lockedUntil)}`
            : user.standing,
        ],
        ['two-factor', user.twoFactor ? 'on' : 'off'],
        ['last sign-in', formatDateTime(user.lastSignInAt, 'never')],
        ['created', formatDateTime(user.createdAt)],
        ['bookings', String(detail.counts.bookings)],
        ['loads', String(detail.counts.loads)],
        ['sessions', String(detail.sessions.length)],
        [
          'tokens',
          detail.tokens.length === 0
            ? 'none'
            : detail.tokens
                .map(
                  (t) =>
                    `${t.name ?? t.id} (${t.abilities.join(' ')}, last used ${formatDate(t.lastUsedAt, 'never')})`
                )
                .join('; '),
        ],
      ]
      for (const [label, value] of lines) ctx.print(`${label.padEnd(13)}${value}`)
      if (detail.standingHistory.length > 0) {
        ctx.print()
        ctx.print('standing history:')
        for (const change of detail.standingHistory) {
          ctx.print(`  ${formatDateTime(change.at)} ${change.action}: ${change.reason ?? '—'}`)
        }
      }
      for (const request of detail.pendingRequests) {
        ctx.print(`waiting for a second admin: request ${request.id}, ${request.action}`)
      }
    })

  for (const { command, action, does, done } of ACTIONS) {
    users
      .command(command)
      .description(`${does}; the reason is kept in the admin audit log and told to the user`)
      .argument('<id>', 'user id', parseId)
      .requiredOption(
        '--reason <text>',
        `why (${MIN_REASON_LENGTH} to ${MAX_REASON_LENGTH} characters)`,
        parseReason
      )
      .option('-y, --yes', 'skip the confirmation prompt')
      .action(
        async (userId: number, options: { reason: string; yes?: boolean }, command: Command) => {
          const ctx = contextOf(command)
          const api = new OperatorApi(ctx.api())
          if (!options.yes) {
            const confirmed = await renderConfirm(
              `${does.charAt(0).toUpperCase()}${does.slice(1)}: user ${userId}?`,
              ctx.io
            )
            if (!confirmed) {
              ctx.note(`Nothing changed for user ${userId}.`)
              return
            }
          }
          const outcome = await api.actOnUser(userId, action, options.reason)
          if (isRequest(outcome)) {
            ctx.print(
              `User ${userId} is an admin: request ${outcome.id} waits for a second admin to confirm it.`
            )
            return
          }
          const count = outcome.count === null ? '' : ` (${outcome.count} ended)`
          ctx.print(`${outcome.user.email}: ${done}${count}.`)
        }
      )
  }
}

interface RequestRow {
  id: number
  action: string
  user: number
  requestedBy: number
  reason: string
  asked: string
}

const requestColumns: TableColumn<RequestRow>[] = [
  { key: 'id', header: 'request' },
  { key: 'action', header: 'action' },
  { key: 'user', header: 'user' },
  { key: 'requestedBy', header: 'asked by' },
  { key: 'reason', header: 'reason' },
  { key: 'asked', header: 'asked' },
]

/** The second admin's side of the two-person rule (decision 0212): see what waits, confirm it. */
function registerTwoPersonCommands(users: Command, contextOf: ContextOf): void {
  users
    .command('requests')
    .description('actions on admin accounts waiting for a second admin')
    .option('--json', 'print the raw JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const requests = await new OperatorApi(ctx.api()).userActionRequests()
      if (options.json) return ctx.printJson(requests)
      await renderTable(
        requests.map((request) => ({
          id: request.id,
          action:
            request.action === 'change-email' && request.payload
              ? `change-email to ${request.payload.email}`
              : request.action,
          user: request.targetUserId,
          requestedBy: request.requestedBy,
          reason: request.reason,
          asked: formatDateTime(request.createdAt),
        })),
        requestColumns,
        ctx.io,
        { emptyMessage: 'No action waits for a second admin.' }
      )
    })

  users
    .command('confirm')
    .description(
      "confirm another admin's action on an admin account (never your own request); it is carried out at once"
    )
    .argument('<requestId>', 'request id, from `users requests`', parseId)
    .option('-y, --yes', 'skip the confirmation prompt')
    .action(async (requestId: number, options: { yes?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const api = new OperatorApi(ctx.api())
      if (!options.yes) {
        const request = (await api.userActionRequests()).find((r) => r.id === requestId)
        const what = request
          ? ` (${request.action} user ${request.targetUserId}: ${request.reason})`
          : ''
        const confirmed = await renderConfirm(`Confirm request ${requestId}${what}?`, ctx.io)
        if (!confirmed) {
          ctx.note(`Nothing changed: request ${requestId} still waits.`)
          return
        }
      }
      const outcome = await api.confirmUserAction(requestId)
      const count = outcome.count === null ? '' : ` (${outcome.count} ended)`
      ctx.print(`Request ${requestId} confirmed: ${outcome.user.email}, ${outcome.action}${count}.`)
    })
}

interface UserListOptions {
  role?: AdminUserQuery['role']
  approval?: AdminUserQuery['approval']
  standing?: AdminUserQuery['standing']
  twoFactor?: AdminUserQuery['twoFactor']
  search?: string
  sort?: AdminUserQuery['sort']
  asc?: boolean
  perPage?: number
}

const parseIntUpTo100 = parseIntUpTo(100)

function isRequest(
  outcome: AdminUserActionResult | AdminUserActionRequest
): outcome is AdminUserActionRequest {
  return (outcome as AdminUserActionRequest).status === 'pending'
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
