/** Display formatting shared by the commands; dates are shown in UTC so output is stable. */

export function personName(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ')
}

export function formatDate(iso: string | null | undefined, fallback = '—'): string {
  const date = parse(iso)
  return date ? date.toISOString().slice(0, 10) : fallback
}

export function formatDateTime(iso: string | null | undefined, fallback = '—'): string {
  const date = parse(iso)
  return date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : fallback
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}
