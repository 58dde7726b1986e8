import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import { AccessTokensLucidUserProvider } from '@adonisjs/auth/access_tokens'
import type { LucidAuthenticatable } from '@adonisjs/auth/types/session'
import type { LucidTokenable } from '@adonisjs/auth/types/access_tokens'
import json from '@poppinss/utils/json'
import { ReadCache, readCacheMs } from '#core/read_cache'

type Attributes = Record<string, unknown>

/**
 * Users' attributes as the model consumed them from the database, by id; a save or delete of
 * the user evicts. Values are immutable (strings, numbers, booleans, Luxon DateTimes), so
 * instances built from one entry share nothing they could change.
 */
export const userRows = new ReadCache<Attributes>(10_000, readCacheMs(), 'user')

/** Every `userRows` entry made here (a user built from one has it as its `$original`). */
const entries = new WeakSet<Attributes>()
/** Each entry's user as JSON, made on the first `GET /api/user` that reads it. */
const jsonByEntry = new WeakMap<Attributes, string>()

/**
 * Whether a user's attributes are still the entry's: the same keys holding the same values.
 * Entry values are immutable, so identity is equality here; this is what `$isDirty` would
 * answer, without the model's deep comparison of every attribute.
 */
function unchanged(attributes: Attributes, entry: Attributes) {
  let count = 0
  for (const key in attributes) {
    if (attributes[key] !== entry[key]) return false
    count++
  }
  return count === Object.keys(entry).length
}

/**
 * The user as the response would serialise it, made once per `userRows` entry while the
 * instance is unchanged: serialising the model was a fifth of a signed-in `GET /api/user`'s
 * CPU. An entry is replaced whenever the row changes (a save evicts it), and what is
 * serialised depends only on the row's attributes.
 */
export function userJson(user: { $attributes: Attributes; $original: Attributes }): string {
  // A user built from an entry keeps it as `$original` until a save replaces that.
  const entry = user.$original
  if (!entries.has(entry) || !unchanged(user.$attributes, entry)) return json.safeStringify(user)!
  let text = jsonByEntry.get(entry)
  if (text === undefined) {
    text = json.safeStringify(user)!
    jsonByEntry.set(entry, text)
  }
  return text
}

type UserModelClass = {
  new (): any
  primaryKey: string
  find(id: string): Promise<{ $attributes: Attributes } | null>
}

type Seedable = {
  $attributes: Attributes
  $original: Attributes
  $isPersisted: boolean
  $isLocal: boolean
}

/** The state `cachedUser` is about to give the instance it just made (for one synchronous read). */
let pendingSeed: { attributes: Attributes; original: Attributes } | null = null

/**
 * Gives a model instance made for a cached row the row's state, called by the model's own
 * `$getAttribute` (User). Every property written through a Lucid model's proxy goes through
 * its `set` or `defineProperty` trap, about 0.75 µs each in V8 and four per user; a column
 * read instead reaches `$getAttribute` on the instance behind the proxy, where the same four
 * writes are plain ones. `cachedUser` leaves the state here and reads the primary key at once,
 * in the same synchronous step, so nothing else can take it.
 */
export function takePendingSeed(target: Seedable) {
  const seed = pendingSeed
  if (seed === null) return
  pendingSeed = null
  target.$attributes = seed.attributes
  target.$original = seed.original
  target.$isPersisted = true
  target.$isLocal = false
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
    // `$original` is the entry itself: the model only ever replaces it (after a save), never
    // writes into it.
    pendingSeed = { attributes: { ...cached }, original: cached }
    void user[Model.primaryKey]
    if (pendingSeed !== null) {
      // A model without the `$getAttribute` hook: defined rather than assigned, since each
      // assignment went through the proxy's `set` and then its `defineProperty` trap. These
      // are the model's own bookkeeping fields, already own data properties of the instance,
      // so only their values change.
      const seed = pendingSeed
      pendingSeed = null
      Object.defineProperty(user, '$attributes', { value: seed.attributes })
      Object.defineProperty(user, '$original', { value: seed.original })
      Object.defineProperty(user, '$isPersisted', { value: true })
      Object.defineProperty(user, '$isLocal', { value: false })
    }
    return user as User
  }
  const stamp = userRows.stamp()
  const user = await Model.find(key)
  if (!user) return null
  const entry = { ...user.$attributes }
  entries.add(entry)
  userRows.set(key, entry, stamp)
  Object.defineProperty(user, '$original', { value: entry })
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
