/**
 * The column adapters every model shares (docs/decisions/0207): one copy of each, here, so a
 * model writes `@column(jsonColumn)` instead of its own `prepare`/`consume` pair.
 */

/** A JSON column stored as text on SQLite and json on PostgreSQL, read back as a value. */
export const jsonColumn = {
  prepare: (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v)),
  consume: (v: unknown) => {
    if (typeof v !== 'string') return v
    try {
      return JSON.parse(v)
    } catch {
      return v
    }
  },
}

/**
 * A decimal or bigint column as a number: PostgreSQL returns both as strings, SQLite as numbers.
 * Null stays null.
 */
export const decimalColumn = {
  consume: (v: unknown) => (v === null || v === undefined ? null : Number(v)),
}

/** A boolean column as a boolean: SQLite stores 0 and 1. */
export const booleanColumn = { consume: (v: unknown) => Boolean(v) }
