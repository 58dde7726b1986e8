import { errors } from '@vinejs/vine'

export type FieldError = { field: string; message: string; rule: string }

/** A 422 with field errors, for rules that need the database or several fields at once. */
export function validationError(fieldErrors: FieldError[]) {
  return new errors.E_VALIDATION_ERROR(fieldErrors)
}

/** True when a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string }
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  )
}
