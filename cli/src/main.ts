import { readFileSync } from 'node:fs'
import { Command, CommanderError } from 'commander'
import { ApiError, ApiUnreachableError } from './api/client.js'
import { registerAuditCommands } from './commands/audit.js'
import { registerBookingsCommands } from './commands/bookings.js'
import { registerLoadsCommands } from './commands/loads.js'
import { registerOperationsCommands } from './commands/operations.js'
import { registerPayoutsCommands } from './commands/payouts.js'
import { registerRevealsCommands } from './commands/reveals.js'
import { registerSeedCommand } from './commands/seed.js'
import { registerHealthCommand } from './commands/health.js'
import { registerPaymentsCommands } from './commands/payments.js'
import { registerTokensCommands } from './commands/tokens.js'
import { registerUsersCommands } from './commands/users.js'
import { registerWhoamiCommand } from './commands/whoami.js'
import { CommandContext, DEFAULT_URL, type CliDeps, type GlobalOptions } from './context.js'
import { CliError, USAGE_EXIT_CODE } from './errors.js'

export type { CliDeps } from './context.js'

function packageVersion(): string {
  try {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
    ) as {
      version?: string
    }
    return pkg.version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}

/** The commander program; `deps` swaps the API client and the streams in tests. */
export function buildProgram(deps: CliDeps = {}): Command {
  const stdout = deps.stdout ?? process.stdout
  const stderr = deps.stderr ?? process.stderr

  const program = new Command('palletline')
    .description('Operator CLI of the PalletLine freight marketplace, a client of its REST API.')
    .version(packageVersion())
    .option('--url <url>', `API base URL (env PALLETLINE_URL, default ${DEFAULT_URL})`)
    .option('--token <token>', 'admin access token (env PALLETLINE_TOKEN)')
    // Settings below are inherited by every subcommand added after them.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void stdout.write(text),
      writeErr: (text) => void stderr.write(text),
    })
    .showSuggestionAfterError()

  const contextOf = (command: Command) =>
    new CommandContext(deps, command.optsWithGlobals<GlobalOptions>())
  registerWhoamiCommand(program, contextOf)
  registerUsersCommands(program, contextOf)
  registerTokensCommands(program, contextOf)
  registerHealthCommand(program, contextOf)
  registerAuditCommands(program, contextOf)
  registerPaymentsCommands(program, contextOf)
  registerPayoutsCommands(program, contextOf)
  registerRevealsCommands(program, contextOf)
  registerBookingsCommands(program, contextOf)
  registerOperationsCommands(program, contextOf)
  registerLoadsCommands(program, contextOf)
  registerSeedCommand(program, contextOf)
  return program
}

/** Runs one invocation and returns its exit code: 0 ok, 1 failed at run time, 2 usage or setup. */
export async function runCli(argv: string[], deps: CliDeps = {}): Promise<number> {
  const stderr = deps.stderr ?? process.stderr
  try {
    await buildProgram(deps).parseAsync(argv, { from: 'user' })
    return 0
  } catch (error) {
    // Commander has already printed its own message (or the help).
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE_EXIT_CODE
    if (error instanceof CliError) {
      stderr.write(`Error: ${error.message}\n`)
      return error.exitCode
    }
    if (error instanceof ApiError || error instanceof ApiUnreachableError) {
      stderr.write(`Error: ${error.message}\n`)
      return 1
    }
    const message = error instanceof Error ? error.message : String(error)
    stderr.write(`Error: ${message}\n`)
    if (process.env.PALLETLINE_DEBUG && error instanceof Error && error.stack)
      stderr.write(`${error.stack}\n`)
    return 1
  }
}
