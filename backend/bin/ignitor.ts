import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import type { ApplicationService } from '@adonisjs/core/types'
import { drainAndClose, endDrainNow, shutdownTimings } from '#operations/services/graceful_shutdown'

const APP_ROOT = new URL('../../', import.meta.url)

/** Relative imports resolve from the repository root, as adonisrc.ts names its files. */
const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

/**
 * The one way the web server, ace and the test runner boot the app: environment validated
 * before anything else, SIGTERM ending the process cleanly, and SIGINT too (ace only when pm2
 * manages it: elsewhere Ctrl+C stops a command the usual way).
 */
export function ignitor({ sigint }: { sigint: 'always' | 'pm2' }) {
  return new Ignitor(APP_ROOT, { importer: IMPORTER }).tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => shutDown(app))
    app.listenIf(sigint === 'always' || app.managedByPm2, 'SIGINT', () => shutDown(app))
  })
}

let shuttingDown = false

/**
 * Graceful shutdown (docs/operations.md, "Shutdown"; docs/decisions/0144, 0163): the web
 * process drains first (`/api/ready` answers 503 for `SHUTDOWN_DRAIN_MS` while everything else
 * is served), then ends its live-update streams cleanly, closes its listening socket and lets
 * the requests in flight finish; what is still open after `SHUTDOWN_GRACE_MS` is cut
 * (#operations/services/graceful_shutdown). Then the app terminates: the scheduler's runs in
 * progress finish, and the database and Redis connections close. A second signal ends the
 * drain at once. ace commands and the test runner have no HTTP server and go straight to
 * terminate.
 */
async function shutDown(app: ApplicationService) {
  if (shuttingDown) return endDrainNow()
  if (app.isTerminating) return
  shuttingDown = true
  if (app.getEnvironment() === 'web' && app.container.hasBinding('server')) {
    const server = await app.container.make('server')
    const nodeServer = server.getNodeServer()
    if (nodeServer?.listening) {
      const transmit = await app.container.make('transmit')
      await drainAndClose(nodeServer, {
        ...shutdownTimings(),
        liveStreams: () => transmit.getManager().getAllSubscribers().keys(),
      })
    }
  }
  await app.terminate()
}

/**
 * What a failed boot does: exit code 1 and a readable error. A bad environment (a variable's
 * own schema, or the rules across them in backend/config/env_rules.ts) prints one plain line
 * per variable, with no stack, so it reads the same in a terminal and in a service's log.
 */
export function failed(error: unknown): Promise<void> | undefined {
  process.exitCode = 1
  if (error instanceof Error && error.name === 'InvalidEnvironment') {
    console.error(error.message)
    return
  }
  const envHelp = (error as { code?: string; help?: string } | null) ?? {}
  if (envHelp.code === 'E_INVALID_ENV_VARIABLES' && envHelp.help) {
    console.error(`Invalid environment:\n${envHelp.help}`)
    return
  }
  return prettyPrintError(error)
}
