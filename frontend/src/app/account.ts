import type { User } from '@/features/auth/api/get-user'

export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.username
}

/** First letters of first and last name, else the first letter of the username. */
export function initials(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  const first = user.firstName?.trim()
  const last = user.lastName?.trim()
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase()
  return (user.username?.trim()[0] ?? '?').toUpperCase()
}

export function roleLabel(role: string): string {
  return role ? `${role[0].toUpperCase()}${role.slice(1)}` : 'User'
}
