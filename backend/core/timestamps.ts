import { DateTime } from 'luxon'

/**
 * Reads a timestamp column as either database returns it through the query builder: a Date
 * (PostgreSQL), SQL text in local time (SQLite, as the models write it), ISO text or epoch ms.
 */
export function readTimestamp(value: unknown): DateTime | null {
  if (value === null || value === undefined) return null
  if (DateTime.isDateTime(value)) return value
  if (value instanceof Date) return DateTime.fromJSDate(value)
  if (typeof value === 'number') return DateTime.fromMillis(value)
  const text = String(value)
  const sql = DateTime.fromSQL(text)
  if (sql.isValid) return sql
  const iso = DateTime.fromISO(text)
  return iso.isValid ? iso : null
}

/**
 * A moment as Lucid writes timestamps (local time without zone on SQLite, with offset on
 * PostgreSQL), for range conditions and conditional updates in raw queries.
 */
export function sqlTimestamp(at: DateTime, client: { dialect: { dateTimeFormat: string } }) {
  return at.toLocal().toFormat(client.dialect.dateTimeFormat)
}

/** A timestamp column as ISO UTC for the wire; null when empty. */
export function isoUtc(value: unknown): string | null {
  return readTimestamp(value)?.toUTC().toISO() ?? null
}
