import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import { AccessTokensLucidUserProvider } from '@adonisjs/auth/access_tokens'
import type { LucidAuthenticatable } from '@adonisjs/auth/types/session'
import type { LucidTokenable } from '@adonisjs/auth/types/access_tokens'
import { ReadCache, readCacheMs } from '#core/read_cache'

type Attributes = Record<string, unknown>

/**
 * Users' attributes as the model consumed them from the database, by id; a save or delete of
 * the user evicts. Values are immutable (strings, numbers, booleans, Luxon DateTimes), so
 * instances built from one entry share nothing they could change.
 */
export const userRows = new ReadCache<Attributes>(10_000, readCacheMs(), 'user')

type UserModelClass = {
  new (): any
  find(id: string): Promise<{ $attributes: Attributes } | null>
}

/**
 * The user with this id, from `userRows` when this process read the row lately
 * (docs/decisions/0071), else from the database. Each call gets its own model instance, so one
 * request's changes never leak into another's; building it from consumed attributes skips
 * parsing the row's dates again.
 */
async function cachedUser<User>(Model: UserModelClass, identifier: unknown): Promise<User | null> {
  const key = String(identifier)
  const cached = userRows.get(key)
  if (cached) {
    const user = new Model()
    user.$attributes = { ...cached }
    user.$original = { ...cached }
    user.$isPersisted = true
    user.$isLocal = false
    return user as User
  }
  const stamp = userRows.stamp()
  const user = await Model.find(key)
  if (!user) return null
  userRows.set(key, { ...user.$attributes }, stamp)
  return user as User
}

/** The session guard's user lookup, through `userRows`. */
export class CachedSessionUserProvider<
  UserModel extends LucidAuthenticatable,
> extends SessionLucidUserProvider<UserModel> {
  async findById(identifier: string | number | bigint) {
    const user = await cachedUser<InstanceType<UserModel>>(
      (await this.getModel()) as unknown as UserModelClass,
      identifier
    )
    return user ? this.createUserForGuard(user) : null
  }
}

/**
 * The bearer-token guard's user lookup, through `userRows` (the token itself is read through
 * ThriftyAccessTokensProvider), so an integration's call reads no row it read a moment ago.
 */
export class CachedTokensUserProvider<
  TokenableProperty extends string,
  UserModel extends LucidTokenable<TokenableProperty>,
> extends AccessTokensLucidUserProvider<TokenableProperty, UserModel> {
  async findById(identifier: string | number | bigint) {
    const user = await cachedUser<InstanceType<UserModel>>(
      (await this.getModel()) as unknown as UserModelClass,
      identifier
    )
    return user ? this.createUserForGuard(user) : null
  }
}
