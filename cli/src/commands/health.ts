import type { Command } from 'commander'
import { CliError } from '../errors.js'
import type { ContextOf } from './types.js'

export function registerHealthCommand(program: Command, contextOf: ContextOf): void {
  program
    .command('health')
    .description('check that the API answers (needs no token)')
    .action(async (_options: unknown, command: Command) => {
      const ctx = contextOf(command)
      const startedAt = performance.now()
      const { status } = await ctx.publicApi().health()
      const elapsed = Math.round(performance.now() - startedAt)
      if (status !== 'ok') throw new CliError(`${ctx.baseUrl} reports status "${status}"`)
      ctx.print(`${ctx.baseUrl}: ${status} (${elapsed} ms)`)
    })
}
