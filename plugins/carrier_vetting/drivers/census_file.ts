import { readFile } from 'node:fs/promises'
import type { CarrierVettingDriver, CensusRecord, LookupResult } from '../types.js'
import { indexCensusFile, normaliseDot } from './census_mapper.js'
import { readSandboxRecord } from './sandbox_census.js'

export type CensusFileOptions = {
  /** a JSON file in the census layout: `{ "carriers": [ ... ] }` (docs/plugins.md) */
  path: string
  /**
   * a sandbox deployment's own census records (drivers/sandbox_census.ts), read on every lookup
   * of a number the file does not hold; unset on a deployment that takes real money
   */
  sandboxDirectory?: string
}

/**
 * The embedded default: carrier records from a census file shipped with the deployment, read
 * once on first use. No network; an unreadable file is the source being unavailable.
 */
export function createCensusFileDriver(options: CensusFileOptions): CarrierVettingDriver {
  let index: Promise<Map<string, CensusRecord>> | null = null
  const load = () => {
    index ??= readFile(options.path, 'utf8').then((text) => indexCensusFile(JSON.parse(text)))
    index.catch(() => (index = null))
    return index
  }
  return {
    name: 'census_file',
    async lookup(dotNumber: string): Promise<LookupResult> {
      const dot = normaliseDot(dotNumber)
      if (!dot) return { ok: false, code: 'invalid_dot', message: 'Not a USDOT number' }
      let records: Map<string, CensusRecord>
      try {
        records = await load()
      } catch (error) {
        return {
          ok: false,
          code: 'unavailable',
          message: `The census file could not be read: ${(error as Error).message}`,
        }
      }
      const record =
        records.get(dot) ??
        (options.sandboxDirectory ? await readSandboxRecord(options.sandboxDirectory, dot) : null)
      return record
        ? { ok: true, found: true, record: { ...record } }
        : { ok: true, found: false, dotNumber: dot }
    },
  }
}

/**
 * The USDOT numbers among `dotNumbers` that the census file itself lists (sandbox records
 * aside): a sandbox may not file a record over a shipped one (docs/decisions/0170).
 */
export async function censusFileLists(path: string, dotNumbers: string[]): Promise<Set<string>> {
  const records = indexCensusFile(JSON.parse(await readFile(path, 'utf8')))
  return new Set(
    dotNumbers.flatMap((value) => {
      const dot = normaliseDot(value)
      return dot && records.has(dot) ? [dot] : []
    })
  )
}
