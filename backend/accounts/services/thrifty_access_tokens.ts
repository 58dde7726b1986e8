import { AccessToken, DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'
import type {
  AccessTokenDbColumns,
  DbAccessTokensProviderOptions,
} from '@adonisjs/auth/types/access_tokens'
import type { Secret } from '@adonisjs/core/helpers'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { LRUCache } from 'lru-cache'
import { ReadCache, readCacheMs } from '#core/read_cache'

/** `last_used_at` is written at most this often per token, not on every call. */
export const LAST_USED_EVERY_MS = 60_000

/** Token rows read lately, by token id; a delete through any instance evicts (decision 0148). */
export const tokenRows = new ReadCache<AccessTokenDbColumns>(10_000, readCacheMs(), 'access-token')

/**
 * Token values this process verified against a row still in `tokenRows`: a call with the
 * same value and the same row object skips decoding and hashing the secret again. An
 * eviction or a re-read of the row replaces the object, so the entry stops matching.
 */
const verified = new LRUCache<string, { row: AccessTokenDbColumns; token: AccessToken }>({
  max: 10_000,
})

/**
 * AdonisJS's database token provider with the two costs of every bearer call cut
 * (docs/decisions/0071): the row is read from `tokenRows` when this process read it lately,
 * and `last_used_at` is written once a minute instead of on every call. The secret's hash and
 * the expiry are still checked on every call; a revoked token is refused at once here.
 */
export class ThriftyAccessTokensProvider<
  TokenableModel extends LucidModel,
> extends DbAccessTokensProvider<TokenableModel> {
  static forModel<TokenableModel extends LucidModel>(
    model: DbAccessTokensProviderOptions<TokenableModel>['tokenableModel'],
    options?: Omit<DbAccessTokensProviderOptions<TokenableModel>, 'tokenableModel'>
  ) {
    return new ThriftyAccessTokensProvider<TokenableModel>({
      tokenableModel: model,
      ...(options ?? {}),
    })
  }

  async verify(tokenValue: Secret<string>) {
    const value = tokenValue.release()
    const known = verified.get(value)
    if (known && tokenRows.get(String(known.token.identifier)) === known.row) {
      return this.#used(known.row, known.token)
    }
    const decoded = AccessToken.decode(this.prefix, value)
    if (!decoded) return null
    const key = String(decoded.identifier)
    let row = tokenRows.get(key)
    if (!row) {
      const stamp = tokenRows.stamp()
      const db = await this.getDb()
      const read = await db
        .query()
        .from(this.table)
        .where({ id: decoded.identifier, type: this.type })
        .first()
      if (!read) return null
      tokenRows.set(key, read, stamp)
      row = read as AccessTokenDbColumns
    }
    const token = this.dbRowToAccessToken(row)
    if (!token.verify(decoded.secret)) return null
    if (tokenRows.enabled) verified.set(value, { row, token })
    return this.#used(row, token)
  }

  /** The verified token unless it expired; `last_used_at` written at most once a minute. */
  async #used(row: AccessTokenDbColumns, token: AccessToken) {
    if (token.isExpired()) return null
    const now = new Date()
    const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : 0
    if (now.getTime() - lastUsed >= LAST_USED_EVERY_MS) {
      row.last_used_at = now
      const db = await this.getDb()
      await db.from(this.table).where({ id: row.id, type: row.type }).update({ last_used_at: now })
    }
    return token
  }

  // eslint-disable-next-line @typescript-eslint/no-wrapper-object-types -- the parent's signature
  async delete(user: InstanceType<TokenableModel>, identifier: string | number | BigInt) {
    void tokenRows.evict(String(identifier))
    const deleted = await super.delete(user, identifier)
    await tokenRows.evict(String(identifier))
    return deleted
  }

  async deleteAll(user: InstanceType<TokenableModel>) {
    const tokens = await this.all(user)
    for (const token of tokens) void tokenRows.evict(String(token.identifier))
    const deleted = await super.deleteAll(user)
    await Promise.all(tokens.map((token) => tokenRows.evict(String(token.identifier))))
    return deleted
  }

  async invalidate(tokenValue: Secret<string>) {
    const decoded = AccessToken.decode(this.prefix, tokenValue.release())
    if (!decoded) return super.invalidate(tokenValue)
    void tokenRows.evict(String(decoded.identifier))
    const invalidated = await super.invalidate(tokenValue)
    await tokenRows.evict(String(decoded.identifier))
    return invalidated
  }
}
