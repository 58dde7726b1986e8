/*
 * A SQLite connection prepares each distinct SQL text once. knex's better-sqlite3 client calls
 * `connection.prepare(sql)` for every query, and SQLite then parses and plans the text again:
 * about 19 µs of a 39 µs primary-key read with two EXISTS conditions, a tenth of the server's
 * time in a rush of claims on the board. The query builder writes values as bindings, so an
 * app sends few distinct texts, and a statement is reusable for as long as its connection
 * lives: SQLite prepares it again by itself when the schema changes under it (a migration).
 *
 * The last MAX_KEPT texts are kept per connection (an IN list of a new length is a new text).
 * knex runs a statement to completion (`all` or `run`) before the next query on its connection
 * and never iterates one, so a kept statement is never busy when it is handed out again. The
 * one setting knex changes on a statement, `safeIntegers`, is set only for a query that asks
 * for it in its options, which this app never does.
 */
import { LRUCache } from 'lru-cache'

export const MAX_KEPT = 500

/** What this needs of a better-sqlite3 `Database`. */
type Preparer = { prepare(sql: string): object }

let writes = 0

/**
 * How many statements that write (or end a transaction) this process's kept connections have
 * handed out. knex runs a statement in the same tick it prepares it, so the count has moved by
 * the time anything else runs after a write or a commit (decision 0156: search's version).
 */
export function sqliteWrites(): number {
  return writes
}

/** A statement that changes the database, or a COMMIT/END/RELEASE that makes changes visible. */
function changesData(statement: object, sql: string): boolean {
  return (
    (statement as { readonly?: boolean }).readonly === false ||
    /^\s*(commit|end|release)\b/i.test(sql)
  )
}

export function keepStatements<Connection extends Preparer>(
  connection: Connection,
  max = MAX_KEPT
): Connection {
  const prepare = connection.prepare.bind(connection)
  const kept = new LRUCache<string, { statement: object; writes: boolean }>({ max })
  const cached = (sql: string) => {
    let entry = kept.get(sql)
    if (entry === undefined) {
      const statement = prepare(sql)
      entry = { statement, writes: changesData(statement, sql) }
      kept.set(sql, entry)
    }
    if (entry.writes) writes++
    return entry.statement
  }
  connection.prepare = cached as Connection['prepare']
  return connection
}
