import type { Command } from 'commander'
import { personName } from '../ui/format.js'
import type { ContextOf } from './types.js'

export function registerWhoamiCommand(program: Command, contextOf: ContextOf): void {
  program
    .command('whoami')
    .description('show the user the access token belongs to')
    .option('--json', 'print the raw JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const user = await ctx.api().currentUser()
      if (options.json) return ctx.printJson(user)
      const name = personName(user)
      ctx.print(name ? `${name} <${user.email}>` : user.email)
      ctx.print(`  id      ${user.id}`)
      ctx.print(`  role    ${user.role}`)
      ctx.print(`  server  ${ctx.baseUrl}`)
      if (user.role !== 'admin')
        ctx.note('Warning: this token is not an admin’s; admin commands will answer 403.')
    })
}
