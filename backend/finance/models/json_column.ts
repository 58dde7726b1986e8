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

/** A decimal column as a number (PostgreSQL returns decimals as strings). */
export const decimalColumn = { consume: (v: unknown) => (v === null ? null : Number(v)) }
