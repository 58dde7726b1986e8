import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import { AccessTokensLucidUserProvider } from '@adonisjs/auth/access_tokens'
import type { LucidAuthenticatable } from '@adonisjs/auth/types/session'
import type { LucidTokenable } from '@adonisjs/auth/types/access_tokens'
import json from '@poppinss/utils/json'
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

type UserModelClass = {
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
  $createFromAdapterResult(row: Row): object | null
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
  const user = Model.$createFromAdapterResult(row)
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
