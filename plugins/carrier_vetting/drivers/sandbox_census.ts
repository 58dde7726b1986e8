import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { CensusRecord } from '../types.js'
import { normaliseDot } from './census_mapper.js'

/**
 * The sandbox census: records an operator adds on a sandbox deployment (the CLI's `seed`,
 * docs/decisions/0170), beside the census file the deployment ships. One JSON file per USDOT
 * number in one directory, so writers in several processes never overwrite each other and a
 * reader sees a record the moment its file is renamed into place; nothing is cached.
 */

const fileOf = (directory: string, dot: string) => join(directory, `${dot}.json`)

/** The record filed under `dotNumber`, or null; an unreadable file counts as none. */
export async function readSandboxRecord(
  directory: string,
  dotNumber: string
): Promise<CensusRecord | null> {
  const dot = normaliseDot(dotNumber)
  if (!dot) return null
  try {
    const record = JSON.parse(await readFile(fileOf(directory, dot), 'utf8')) as CensusRecord
    return record.dotNumber === dot ? record : null
  } catch {
    return null
  }
}

/** Files each record under its USDOT number (replacing one filed before), atomically. */
export async function writeSandboxRecords(
  directory: string,
  records: CensusRecord[]
): Promise<void> {
  await mkdir(directory, { recursive: true })
  for (const record of records) {
    const dot = normaliseDot(record.dotNumber)
    if (!dot) throw new Error(`Not a USDOT number: ${record.dotNumber}`)
    const target = fileOf(directory, dot)
    const partial = `${target}.${process.pid}.${Date.now()}.partial`
    await writeFile(partial, JSON.stringify({ ...record, dotNumber: dot }, null, 2))
    await rename(partial, target)
  }
}
