import User from '#accounts/models/user'
import { NotFoundException } from '#core/exceptions/http_errors'
import { validationError } from '#core/validation'

export type TokenSummary = {
  id: number
  userId: number
  name: string | null
  lastUsedAt: string | null
  expiresAt: string | null
  createdAt: string
  /** what the token may do: `*` (admin-issued, everything) or scoped abilities (tms:read, ...) */
  abilities: string[]
}

const toSummary = (userId: number, t: any): TokenSummary => ({
  id: Number(t.identifier),
  userId,
  name: t.name,
  lastUsedAt: t.lastUsedAt ? t.lastUsedAt.toISOString() : null,
  expiresAt: t.expiresAt ? t.expiresAt.toISOString() : null,
  createdAt: t.createdAt.toISOString(),
  abilities: [...t.abilities],
})

/** A token nobody set a lifetime for still dies: a leaked token is not good forever. */
export const DEFAULT_TOKEN_LIFETIME_DAYS = 90

/** Live (unexpired) tokens one user may hold: enough for every integration, not a leak farm. */
export const MAX_LIVE_TOKENS = 10
const TOO_MANY = `You can have at most ${MAX_LIVE_TOKENS} API tokens: revoke one first`

const isLive = (t: { expiresAt: Date | null }, now: number) =>
  !t.expiresAt || t.expiresAt.getTime() > now

/**
 * Bearer access tokens for the TMS calls, scripts and the operator CLI: a user issues and
 * revokes their own in Settings, an admin can do it for anyone.
 */
export default class TokenService {
  /**
   * `abilities`: `['*']` for the operator CLI's admin-issued tokens; a user's own tokens get the
   * scoped ones they chose (docs/decisions/0082).
   */
  async create(
    userId: number,
    name: string,
    expiresInDays = DEFAULT_TOKEN_LIFETIME_DAYS,
    abilities: string[] = ['*']
  ) {
    const user = await User.find(userId)
    if (!user) throw new NotFoundException('User not found')
    const now = Date.now()
    if (
      (await User.accessTokens.all(user)).filter((t) => isLive(t, now)).length >= MAX_LIVE_TOKENS
    ) {
      throw validationError([{ field: 'name', message: TOO_MANY, rule: 'maxTokens' }])
    }
    const token = await User.accessTokens.create(user, abilities, {
      name,
      expiresIn: `${expiresInDays} days`,
    })
    // Two concurrent creates can both pass the count above: recount with the new row in place
    // and take ours back if it went over, so the cap holds under races.
    const live = (await User.accessTokens.all(user)).filter((t) => isLive(t, now))
    if (live.length > MAX_LIVE_TOKENS) {
      await User.accessTokens.delete(user, token.identifier)
      throw validationError([{ field: 'name', message: TOO_MANY, rule: 'maxTokens' }])
    }
    return { ...toSummary(user.id, token), token: token.value!.release() }
  }

  /** A user's tokens, newest first (expired ones too, so the owner sees why a script stopped). */
  async listFor(userId: number): Promise<TokenSummary[]> {
    const user = await User.find(userId)
    if (!user) throw new NotFoundException('User not found')
    const tokens = await User.accessTokens.all(user)
    return tokens
      .map((t) => toSummary(user.id, t))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
  }

  /** Every token of the user, revoked (an admin's action, decision 0210); the count. */
  async revokeAll(userId: number): Promise<number> {
    const user = await User.find(userId)
    if (!user) return 0
    let revoked = 0
    for (const token of await User.accessTokens.all(user)) {
      if (await User.accessTokens.delete(user, token.identifier)) revoked++
    }
    return revoked
  }

  async revoke(userId: number, tokenId: number) {
    const user = await User.find(userId)
    if (!user) throw new NotFoundException('User not found')
    const deleted = await User.accessTokens.delete(user, tokenId)
    if (!deleted) throw new NotFoundException('Token not found')
  }
}
