import type { User } from '@/features/auth/api/get-user'

type Named = Pick<User, 'firstName' | 'lastName' | 'username'> & {
  /** the company member who signed in, acting as the account user (decision 0223) */
  member?: Pick<NonNullable<User['member']>, 'firstName' | 'lastName' | 'email'> | null
}

/** Whose name the screen greets: the member who signed in, else the account itself. */
function person(user: Named) {
  if (user.member) {
    return {
      firstName: user.member.firstName,
      lastName: user.member.lastName,
      fallback: user.member.email,
    }
  }
  return { firstName: user.firstName, lastName: user.lastName, fallback: user.username }
}

export function displayName(user: Named): string {
  const { firstName, lastName, fallback } = person(user)
  return [firstName, lastName].filter(Boolean).join(' ').trim() || fallback
}

/** First letters of first and last name, else the first letter of the username (or email). */
export function initials(user: Named): string {
  const { firstName, lastName, fallback } = person(user)
  const first = firstName?.trim()
  const last = lastName?.trim()
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase()
  return (fallback?.trim()[0] ?? '?').toUpperCase()
}

export function roleLabel(role: string): string {
  return role ? `${role[0].toUpperCase()}${role.slice(1)}` : 'User'
}

/** The line under the name: the member's role at its company, else the account's role. */
export function accountLine(user: {
  role: string
  member?: Pick<NonNullable<User['member']>, 'role' | 'companyName'> | null
}): string {
  if (user.member) return `${roleLabel(user.member.role)} at ${user.member.companyName}`
  return `${roleLabel(user.role)} account`
}
