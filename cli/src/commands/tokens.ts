import type { Command } from 'commander'
import type { AccessTokenSummary } from '../api/client.js'
import { formatDate, formatDateTime } from '../ui/format.js'
import { renderTable, type TableColumn } from '../ui/table.js'
import { renderTasks } from '../ui/tasks.js'
import { InvalidArgumentError } from 'commander'
import { parseId, parsePositiveInt, parseText } from './arguments.js'
import { renderConfirm } from '../ui/confirm.js'
import type { ContextOf } from './types.js'

interface TokenRow {
  id: number
  user: number
  name: string | null
  lastUsed: string
  expires: string
  created: string
}

const tokenColumns: TableColumn<TokenRow>[] = [
  { key: 'id', header: 'id' },
  { key: 'user', header: 'user' },
  { key: 'name', header: 'name' },
  { key: 'lastUsed', header: 'last used' },
  { key: 'expires', header: 'expires' },
  { key: 'created', header: 'created' },
]

function toRow(token: AccessTokenSummary): TokenRow {
  return {
    id: token.id,
    user: token.userId,
    name: token.name,
    lastUsed: formatDateTime(token.lastUsedAt, 'never'),
    expires: formatDate(token.expiresAt, 'never'),
    created: formatDate(token.createdAt),
  }
}

/** The server's token lifetime when none is asked for, and the longest it issues. */
export const DEFAULT_TOKEN_DAYS = 90
export const MAX_TOKEN_DAYS = 365

function tokenDays(value: string): number {
  let days: number
  try {
    days = parsePositiveInt(value)
  } catch {
    days = 0
  }
  if (days < 1 || days > MAX_TOKEN_DAYS) {
    throw new InvalidArgumentError(`expected a whole number of days from 1 to ${MAX_TOKEN_DAYS}.`)
  }
  return days
}

export function registerTokensCommands(program: Command, contextOf: ContextOf): void {
  const tokens = program
    .command('tokens')
    .description('manage API access tokens (TMS integrations, this CLI)')

  tokens
    .command('list')
    .description("list a user's access tokens (default: your own)")
    .option('--user <id>', 'user id', parseId)
    .option('--json', 'print the raw JSON')
    .action(async (options: { user?: number; json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const list = await ctx.api().listTokens(options.user)
      if (options.json) return ctx.printJson(list)
      await renderTable(list.map(toRow), tokenColumns, ctx.io, {
        emptyMessage: 'No access tokens.',
      })
    })

  tokens
    .command('create')
    .description('issue an access token for a user; its secret is shown once')
    .requiredOption('--user <id>', 'user id', parseId)
    .requiredOption(
      '--name <name>',
      'what the token is for, e.g. "TMS integration" (at most 100 characters)',
      parseText(100)
    )
    .option(
      '--days <n>',
      `expire after this many days, 1 to ${MAX_TOKEN_DAYS} (default ${DEFAULT_TOKEN_DAYS}, the server's)`,
      tokenDays
    )
    .option('--json', 'print the raw JSON, secret included')
    .action(
      async (
        options: { user: number; name: string; days?: number; json?: boolean },
        command: Command
      ) => {
        const ctx = contextOf(command)
        const issued = await ctx.api().issueToken({
          userId: options.user,
          name: options.name,
          ...(options.days === undefined ? {} : { expiresInDays: options.days }),
        })
        // The secret alone goes to stdout, so `TOKEN=$(palletline tokens create …)` captures just it.
        if (options.json) ctx.printJson(issued)
        else {
          const expiry = issued.expiresAt
            ? `expires ${formatDate(issued.expiresAt)}`
            : 'never expires'
          ctx.note(
            `Created token "${issued.name ?? options.name}" (id ${issued.id}) for user ${issued.userId}; it ${expiry}.`
          )
          ctx.print(issued.token)
        }
        ctx.note(
          'Warning: store this token now (e.g. in a secret manager); it is shown only once and cannot be recovered.'
        )
      }
    )

  tokens
    .command('revoke')
    .description('revoke an access token; calls using it fail from now on')
    .argument('<userId>', 'owner user id', parseId)
    .argument('<tokenId>', 'token id', parseId)
    .option('-y, --yes', 'skip the confirmation prompt')
    .action(
      async (userId: number, tokenId: number, options: { yes?: boolean }, command: Command) => {
        const ctx = contextOf(command)
        const api = ctx.api()
        // Irreversible: a revoked token cannot be restored, only a new one issued.
        if (
          !options.yes &&
          !(await renderConfirm(
            `Revoke token ${tokenId} of user ${userId}? It cannot be undone.`,
            ctx.io
          ))
        ) {
          ctx.note(`Nothing changed: token ${tokenId} of user ${userId} still works.`)
          return
        }
        await renderTasks(
          [
            {
              title: `Revoking token ${tokenId} of user ${userId}`,
              run: () => api.revokeToken(userId, tokenId),
            },
          ],
          ctx.io
        )
        ctx.print(`Token ${tokenId} of user ${userId} is revoked.`)
      }
    )
}
