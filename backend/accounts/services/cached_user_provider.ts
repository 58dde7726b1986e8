import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import { AccessTokensLucidUserProvider } from '@adonisjs/auth/access_tokens'
import type { LucidAuthenticatable } from '@adonisjs/auth/types/session'
import type { LucidTokenable } from '@adonisjs/auth/types/access_tokens'
import * as json from '@poppinss/utils/json'
import { DateTime } from 'luxon'
import { ReadCache, readCacheMs } from '#core/read_cache'

/** A user's row as the database returned it (column names), which Lucid builds a model from. */
type Row = Record<string, unknown>

/**
 * Users' rows as the database returned them, by id; a save or delete of the user evicts. Each
 * lookup builds its own model instance from the row with Lucid's public
 * `$createFromAdapterResult`, so one request's changes never leak into another's.
 */
export const userRows = new ReadCache<Row>(10_000, readCacheMs(), 'user')

/** The row each instance was built from here. */
const rowOfUser = new WeakMap<object, Row>()
/** Each row's user as JSON, made on the first `GET /api/user` that reads it. */
const jsonByRow = new WeakMap<Row, string>()

type Serialisable = { $isDirty: boolean }

/**
 * The user as the response would serialise it, made once per cached row while the instance is
 * unchanged: serialising the model was a fifth of a signed-in `GET /api/user`'s CPU. A row is
 * replaced whenever it changes (a save evicts it), and what is serialised depends only on the
 * row's attributes.
 */
export function userJson(user: Serialisable): string {
  const row = rowOfUser.get(user)
  if (row === undefined || user.$isDirty) return json.safeStringify(user)!
  let text = jsonByRow.get(row)
  if (text === undefined) {
    text = json.safeStringify(user)!
    jsonByRow.set(row, text)
  }
  return text
}

/** What a model instance offers for building it from attributes already consumed. */
type ModelRow = {
  $attributes: Record<string, unknown>
  $original: Record<string, unknown>
  $extras: Record<string, unknown>
  $isPersisted: boolean
  $isLocal: boolean
}

type UserModelClass = {
  new (): ModelRow
  primaryKey: string
  $getColumn(name: string): { columnName: string } | undefined
  query(): {
    where(
      column: string,
      value: unknown
    ): {
      pojo<T>(): { first(): Promise<T | null> }
    }
  }
  $createFromAdapterResult(row: Row): ModelRow | null
}

/** Values a model's attributes may share between instances: none can be changed in place. */
const unchangeable = (value: unknown) =>
  value === null || typeof value !== 'object' || value instanceof DateTime

/**
 * Each cached row's attributes as Lucid consumed them (dates parsed into Luxon's immutable
 * DateTime), or null when some value could be changed in place (a JSON column) or the row holds
 * extras: such a row is built by `$createFromAdapterResult` every time.
 */
const consumedByRow = new WeakMap<Row, Record<string, unknown> | null>()

/**
 * A model instance of this row, as `$createFromAdapterResult` would build it, but from the
 * attributes it consumed the first time: building the user from its cached row, dates parsed
 * again, was an eighth of a signed-in request's CPU (docs/decisions/0197). Each request still
 * gets an instance of its own, with its own attributes and originals (through the model's public
 * `$attributes`, `$original`, `$isPersisted` and `$isLocal`).
 */
function modelOf(Model: UserModelClass, row: Row): ModelRow | null {
  const consumed = consumedByRow.get(row)
  if (consumed === undefined) {
    const built = Model.$createFromAdapterResult(row)
    const reusable =
      built !== null &&
      Object.keys(built.$extras).length === 0 &&
      Object.values(built.$attributes).every(unchangeable)
    consumedByRow.set(row, reusable ? { ...built.$attributes } : null)
    return built
  }
  if (consumed === null) return Model.$createFromAdapterResult(row)
  const model = new Model()
  model.$attributes = { ...consumed }
  model.$original = { ...consumed }
  model.$isPersisted = true
  model.$isLocal = false
  return model
}

/**
 * The user with this id, built from `userRows` when this process read the row lately
 * (docs/decisions/0071), else from a row read from the database now.
 */
async function cachedUser<User>(Model: UserModelClass, identifier: unknown): Promise<User | null> {
  const key = String(identifier)
  let row = userRows.get(key)
  if (row === undefined) {
    const stamp = userRows.stamp()
    const column = Model.$getColumn(Model.primaryKey)?.columnName ?? Model.primaryKey
    const found = await Model.query().where(column, key).pojo<Row>().first()
    if (!found) return null
    row = found
    userRows.set(key, row, stamp)
  }
  const user = modelOf(Model, row)
  if (user) rowOfUser.set(user, row)
  return user as User | null
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
