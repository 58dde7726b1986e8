import type { HttpContext } from '@adonisjs/core/http'

/**
 * The id of the person who signed in (docs/decisions/0223): a company member's own login, not
 * the company's account user the request acts as. A login's own settings (password,
 * two-factor, email, name, API tokens) are always the person's.
 */
export function signedInPersonId(auth: HttpContext['auth']): number {
  const user = auth.getUserOrFail() as { id: number; member?: { userId: number } }
  return user.member?.userId ?? user.id
}
