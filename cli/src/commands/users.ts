import type { Command } from 'commander'
import type { PalletlineApi, PendingUser, UserProfile } from '../api/client.js'
import type { CommandContext } from '../context.js'
import { canPrompt, renderConfirm } from '../ui/confirm.js'
import { formatDate, personName } from '../ui/format.js'
import { renderTable, type TableColumn } from '../ui/table.js'
import { renderTasks } from '../ui/tasks.js'
import { parseId } from './arguments.js'
import type { ContextOf } from './types.js'

interface PendingUserRow {
  id: number
  name: string
  email: string
  role: string
  company: string | null
  registered: string
}

const pendingColumns: TableColumn<PendingUserRow>[] = [
  { key: 'id', header: 'id' },
  { key: 'name', header: 'name' },
  { key: 'email', header: 'email' },
  { key: 'role', header: 'role' },
  { key: 'company', header: 'company' },
  { key: 'registered', header: 'registered' },
]

function toRow(user: PendingUser): PendingUserRow {
  return {
    id: user.id,
    name: personName(user),
    email: user.email,
    role: user.role,
    company: user.companyName,
    registered: formatDate(user.createdAt),
  }
}

export function registerUsersCommands(program: Command, contextOf: ContextOf): void {
  const users = program.command('users').description('review registrations waiting for approval')

  users
    .command('pending')
    .description('list users waiting for approval')
    .option('--json', 'print the raw JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const pending = await ctx.api().pendingUsers()
      if (options.json) return ctx.printJson(pending)
      await renderTable(pending.map(toRow), pendingColumns, ctx.io, {
        emptyMessage: 'No users are waiting for approval.',
      })
    })

  for (const isApproved of [true, false]) {
    users
      .command(isApproved ? 'approve' : 'reject')
      .description(isApproved ? 'approve a pending user' : 'reject a pending user')
      .argument('<id>', 'user id', parseId)
      .option('-y, --yes', 'skip the confirmation prompt')
      .action(async (userId: number, options: { yes?: boolean }, command: Command) => {
        await decideApproval(contextOf(command), userId, isApproved, Boolean(options.yes))
      })
  }
}

async function decideApproval(
  ctx: CommandContext,
  userId: number,
  isApproved: boolean,
  skipPrompt: boolean
): Promise<void> {
  const api = ctx.api()
  const outcome = isApproved ? 'approved' : 'rejected'
  if (!skipPrompt) {
    // Ask the API for a name only when a prompt can actually be shown.
    const who = canPrompt(ctx.io) ? await describePendingUser(api, userId) : ''
    const confirmed = await renderConfirm(
      `${isApproved ? 'Approve' : 'Reject'} user ${userId}${who}?`,
      ctx.io
    )
    if (!confirmed) {
      ctx.note(`Nothing changed: user ${userId} was not ${outcome}.`)
      return
    }
  }

  let user: UserProfile | undefined
  await renderTasks(
    [
      {
        title: `${isApproved ? 'Approving' : 'Rejecting'} user ${userId}`,
        run: async () => {
          user = await api.approveUser(userId, isApproved)
        },
      },
    ],
    ctx.io
  )
  const name = user ? personName(user) : ''
  const label = user ? `${name ? `${name} ` : ''}<${user.email}>` : `User ${userId}`
  ctx.print(`${label} is now ${outcome}.`)
}

/** Puts a name on the id in the prompt, so the operator sees whom they decide on. */
async function describePendingUser(api: PalletlineApi, userId: number): Promise<string> {
  const user = (await api.pendingUsers()).find((candidate) => candidate.id === userId)
  if (!user) return ''
  const company = user.companyName ? `, ${user.companyName}` : ''
  return ` (${personName(user) || user.email}, ${user.role}${company})`
}
