import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'

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
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(sigint === 'always' || app.managedByPm2, 'SIGINT', () => app.terminate())
  })
}

/** What a failed boot does: a readable error and exit code 1. */
export function failed(error: unknown) {
  process.exitCode = 1
  prettyPrintError(error)
}
