import { closeSync, fstatSync, openSync, readSync } from 'node:fs'

/** The two copies of the wal-index header at the start of the `-shm` file, 48 bytes each. */
const HEADER_BYTES = 96
/** How often the open `-shm` file is checked for having been removed. */
const RECHECK_FILE_MS = 1000

/**
 * Tells whether a SQLite database in WAL mode may have committed a write since the last look,
 * from its `-shm` file alone (decision 0155): every commit rewrites the wal-index header at the
 * start of that file (its change counter moves, https://sqlite.org/walformat.html), and
 * readers see the commit only once both copies of the header are written. So while those 96
 * bytes stay as they were, nothing committed since; a pread of them costs a fraction of a
 * statement on a connection of its own.
 *
 * `changed()` answers true whenever it cannot tell (no `-shm` file yet, a short read, an
 * error), so the caller reads the database then. The caller keeps a connection of its own open
 * on the database (SQLite removes the `-shm` file only when the last connection closes); should
 * the file be removed and made again all the same, it is reopened within RECHECK_FILE_MS.
 */
export class WalHeaderWatch {
  #fd: number | null = null
  #last = Buffer.alloc(HEADER_BYTES)
  #now = Buffer.alloc(HEADER_BYTES)
  #known = false
  #fileCheckedAt = 0

  constructor(private databaseFile: string) {}

  changed(): boolean {
    try {
      const now = Date.now()
      if (this.#fd !== null && now - this.#fileCheckedAt >= RECHECK_FILE_MS) {
        this.#fileCheckedAt = now
        if (fstatSync(this.#fd).nlink === 0) this.close()
      }
      if (this.#fd === null) {
        this.#fd = openSync(`${this.databaseFile}-shm`, 'r')
        this.#fileCheckedAt = now
      }
      if (readSync(this.#fd, this.#now, 0, HEADER_BYTES, 0) < HEADER_BYTES) {
        this.#known = false
        return true
      }
    } catch {
      this.close()
      return true
    }
    if (this.#known && this.#now.equals(this.#last)) return false
    this.#now.copy(this.#last)
    this.#known = true
    return true
  }

  close() {
    if (this.#fd !== null) {
      try {
        closeSync(this.#fd)
      } catch {}
    }
    this.#fd = null
    this.#known = false
  }
}
