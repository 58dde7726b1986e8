import db from '@adonisjs/lucid/services/db'

/**
 * Logins' names by id, for the modules that say who acted (a message's author, docs/decisions/
 * 0246): "First Last", else the email. Reads accounts' own users table.
 */
export async function personNames(ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))]
  const names = new Map<number, string>()
  if (wanted.length === 0) return names
  const rows = await db
    .from('users')
    .whereIn('id', wanted)
    .select('id', 'first_name', 'last_name', 'email')
  for (const row of rows) {
    const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim()
    names.set(Number(row.id), name || String(row.email))
  }
  return names
}
