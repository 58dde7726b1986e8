import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import type { LucidAuthenticatable } from '@adonisjs/auth/types/session'
import { ReadCache, readCacheMs } from '#core/read_cache'

type Attributes = Record<string, unknown>

/**
 * Users' attributes as the model consumed them from the database, by id; a save or delete of
 * the user evicts. Values are immutable (strings, numbers, booleans, Luxon DateTimes), so
 * instances built from one entry share nothing they could change.
 */
export const userRows = new ReadCache<Attributes>(10_000, readCacheMs())

/**
 * The session guard's user lookup, answered from `userRows` when this process read the row
 * lately (docs/decisions/0071). Each request gets its own model instance, so one request's
 * changes never leak into another's; building it from consumed attributes skips parsing the
 * row's dates again.
 */
export class CachedSessionUserProvider<
  UserModel extends LucidAuthenticatable,
> extends SessionLucidUserProvider<UserModel> {
  async findById(identifier: string | number | bigint) {
    const Model = await this.getModel()
    const key = String(identifier)
    const cached = userRows.get(key)
    if (cached) return this.createUserForGuard(this.#fromAttributes(Model, cached))

    const stamp = userRows.stamp()
    const user = await Model.find(key)
    if (!user) return null
    userRows.set(key, { ...user.$attributes }, stamp)
    return this.createUserForGuard(user as InstanceType<UserModel>)
  }

  #fromAttributes(Model: UserModel, attributes: Attributes) {
    const user = new Model() as InstanceType<UserModel>
    user.$attributes = { ...attributes }
    user.$original = { ...attributes }
    user.$isPersisted = true
    user.$isLocal = false
    return user
  }
}
