/*
 * What every bench script shares: a database of its own (its name must contain "bench"), the
 * app booted as a console process with migrations run, and a small deterministic PRNG.
 */
import { appendFileSync } from 'node:fs'
import 'reflect-metadata'

/** Points the app at the bench database before it boots; exits when the name is not a bench's. */
export function useBenchDatabase(): string {
  process.env.NODE_ENV ??= 'development'
  process.env.LOG_LEVEL = 'warn'
  if (process.env.DB_CONNECTION === 'pg') process.env.PG_DB_NAME ??= 'bench'
  else process.env.SQLITE_FILE ??= 'tmp/bench.sqlite3'
  const isPg = process.env.DB_CONNECTION === 'pg'
  const target = isPg
    ? `PostgreSQL database ${process.env.PG_DB_NAME}`
    : `SQLite file ${process.env.SQLITE_FILE}`
  if (!/bench/i.test(isPg ? process.env.PG_DB_NAME! : process.env.SQLITE_FILE!)) {
    console.error(`Refusing to seed ${target}: its name must contain "bench".`)
    process.exit(1)
  }
  return target
}

/** Boots the app as a console process and migrates the bench database (unless told not to). */
export async function bootBenchApp(options: { migrate?: boolean } = {}) {
  const { Ignitor } = await import('@adonisjs/core')
  const APP_ROOT = new URL('../', import.meta.url)
  const ignitor = new Ignitor(APP_ROOT, {
    importer: (filePath: string) =>
      filePath.startsWith('./') || filePath.startsWith('../')
        ? import(new URL(filePath, APP_ROOT).href)
        : import(filePath),
  }).tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
  })
  const app = ignitor.createApp('console')
  await app.init()
  await app.boot()
  await app.start(async () => {})

  const { default: db } = await import('@adonisjs/lucid/services/db')
  if (options.migrate === false) return { app, db }
  const { MigrationRunner } = await import('@adonisjs/lucid/migration')
  const migrator = new MigrationRunner(db, app, { direction: 'up', dryRun: false })
  await migrator.run()
  if (migrator.error) throw migrator.error
  return { app, db }
}

/** A small deterministic PRNG (mulberry32), so every run seeds the same data. */
export function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]
}

/** Prints a failure briefly (SQL errors can be huge) and exits 1. */
export function failBench(error: unknown) {
  const message = String((error as Error)?.message ?? error)
  console.error(
    message.length > 600 ? `${message.slice(0, 200)} … ${message.slice(-400)}` : message
  )
  process.exit(1)
}

/** One figure of a bench, beside its reference and target, for `npm run bench`'s table. */
export type BenchFigure = {
  bench: string
  what: string
  value: number
  unit: string
  /** the reference measured in the same run, when the target is a ratio */
  reference?: { what: string; value: number }
  /** what the figure must reach, in words, and whether it did */
  target: string
  met: boolean
}

/** Appends a figure to the file `npm run bench` reads (BENCH_REPORT); a no-op without it. */
export function reportFigure(figure: BenchFigure) {
  const file = process.env.BENCH_REPORT
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`)
}
