import User from '#accounts/models/user'
import { NotFoundException } from '#core/exceptions/http_errors'

export type TokenSummary = {
  id: number
  userId: number
  name: string | null
  lastUsedAt: string | null
  expiresAt: string | null
  createdAt: string
}

const toSummary = (userId: number, t: any): TokenSummary => ({
  id: Number(t.identifier),
  userId,
  name: t.name,
  lastUsedAt: t.lastUsedAt ? t.lastUsedAt.toISOString() : null,
  expiresAt: t.expiresAt ? t.expiresAt.toISOString() : null,
  createdAt: t.createdAt.toISOString(),
})

/** A token nobody set a lifetime for still dies: a leaked token is not good forever. */
export const DEFAULT_TOKEN_LIFETIME_DAYS = 90

/** Bearer access tokens for the TMS calls and the operator CLI, issued and revoked by admins. */
export default class TokenService {
  async create(userId: number, name: string, expiresInDays = DEFAULT_TOKEN_LIFETIME_DAYS) {
    const user = await User.find(userId)
    if (!user) throw new NotFoundException('User not found')
    const token = await User.accessTokens.create(user, ['*'], {
      name,
      expiresIn: `${expiresInDays} days`,
    })
    return { ...toSummary(user.id, token), token: token.value!.release() }
  }

  async listFor(userId: number): Promise<TokenSummary[]> {
    const user = await User.find(userId)
    if (!user) throw new NotFoundException('User not found')
    const tokens = await User.accessTokens.all(user)
    return tokens.map((t) => toSummary(user.id, t))
  }

  async revoke(userId: number, tokenId: number) {
    const user = await User.find(userId)
    if (!user) throw new NotFoundException('User not found')
    const deleted = await User.accessTokens.delete(user, tokenId)
    if (!deleted) throw new NotFoundException('Token not found')
  }
}
