import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import { AccessTokensLucidUserProvider } from '@adonisjs/auth/access_tokens'
import type { LucidAuthenticatable } from '@adonisjs/auth/types/session'
import type { LucidTokenable } from '@adonisjs/auth/types/access_tokens'
import * as json from '@poppinss/utils/json'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { ReadCache, readCacheMs } from '#core/read_cache'
import { memberMay, type CompanyKind, type MemberRole } from '#accounts/member_roles'

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

type Serialisable = { $isDirty: boolean; $attributes: Record<string, unknown> }

/**
 * Whether the instance still holds exactly the attributes its row was consumed into. Those
 * values cannot change in place (see `unchangeable`), so comparing them by identity says what
 * Lucid's `$isDirty` says, without its deep comparison of every attribute with its original
 * (a twelfth of a signed-in `GET /api/user`'s CPU, docs/decisions/0214).
 */
function unchangedSince(user: Serialisable, row: Row): boolean {
  const consumed = consumedByRow.get(row)
  if (!consumed) return !user.$isDirty
  const attributes = user.$attributes
  let count = 0
  for (const key in attributes) {
    if (attributes[key] !== consumed[key]) return false
    count++
  }
  return count === Object.keys(consumed).length
}

/**
 * The user as the response would serialise it, made once per cached row while the instance is
 * unchanged: serialising the model was a fifth of a signed-in `GET /api/user`'s CPU. A row is
 * replaced whenever it changes (a save evicts it), and what is serialised depends only on the
 * row's attributes.
 */
export function userJson(user: Serialisable): string {
  const row = rowOfUser.get(user)
  if (row === undefined || !unchangedSince(user, row)) return json.safeStringify(user)!
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

/**
 * A login's place in a company (docs/decisions/0223): the company and its account user, and
 * the login's role; `removed` for a login an owner removed from its company (it no longer signs
 * in, nor acts as anyone); `none` for a login in no company (admins).
 */
export type Membership =
  | {
      state: 'member'
      companyId: number
      kind: CompanyKind
      companyName: string
      accountUserId: number
      role: MemberRole
    }
  | { state: 'removed' }
  | { state: 'none' }

/** Logins' memberships by user id; a change of a member evicts (`forgetMembership`). */
export const memberships = new ReadCache<Membership>(10_000, readCacheMs(), 'membership')

/** Every instance reads the login's membership afresh (a role changed, a member removed). */
export async function forgetMembership(userId: number) {
  await memberships.evict(userId)
}

export async function membershipOf(userId: number): Promise<Membership> {
  const cached = memberships.get(userId)
  if (cached !== undefined) return cached
  const stamp = memberships.stamp()
  const row = await db
    .from('company_members')
    .join('companies', 'companies.id', 'company_members.company_id')
    .where('company_members.user_id', userId)
    .select(
      'company_members.removed_at',
      'company_members.role',
      'companies.id',
      'companies.kind',
      'companies.name',
      'companies.account_user_id'
    )
    .first()
  let membership: Membership
  if (row?.removed_at) {
    membership = { state: 'removed' }
  } else if (row) {
    membership = {
      state: 'member',
      companyId: Number(row.id),
      kind: row.kind,
      companyName: row.name,
      accountUserId: Number(row.account_user_id),
      role: row.role,
    }
  } else {
    const account = await db.from('companies').where('account_user_id', userId).first()
    membership = account ? { state: 'removed' } : { state: 'none' }
  }
  memberships.set(userId, membership, stamp)
  return membership
}

/**
 * The member a company's request is made by, attached to the acting user (`user.member`): the
 * person who signed in (their own row, for their password, two-factor and API tokens), their
 * role, and what that role may call (`#accounts/member_roles`).
 */
export class ActingMember {
  constructor(
    readonly person: ModelRow & {
      id: number
      firstName: string | null
      lastName: string | null
      email: string
      phone: string | null
    },
    readonly membership: Extract<Membership, { state: 'member' }>
  ) {}

  get userId() {
    return this.person.id
  }

  get role() {
    return this.membership.role
  }

  may(method: string, pattern: string) {
    return memberMay(this.membership.kind, this.membership.role, method, pattern)
  }

  /** What `GET /api/user` says of the member. */
  toJSON() {
    return {
      userId: this.person.id,
      role: this.membership.role,
      firstName: this.person.firstName,
      lastName: this.person.lastName,
      email: this.person.email,
      phone: this.person.phone,
      companyId: this.membership.companyId,
      companyName: this.membership.companyName,
      companyKind: this.membership.kind,
    }
  }
}

type Person = ModelRow & {
  id: number
  phone: string | null
  role: string
  approvalStatus: string
  firstName: string | null
  lastName: string | null
  email: string
  member?: ActingMember
}

/**
 * Who a signed-in login acts as (docs/decisions/0223): a company member acts as the company's
 * account user, with the member attached; a login in no company acts as itself. A suspended
 * member acts as nobody but itself, so the role gate refuses it; a company's account user
 * removed from its members does not sign in (null).
 */
async function actingUser(Model: UserModelClass, identifier: unknown): Promise<Person | null> {
  const person = await cachedUser<Person>(Model, identifier)
  if (!person || (person.role !== 'shipper' && person.role !== 'carrier')) return person
  const membership = await membershipOf(person.id)
  if (membership.state === 'none') return person
  if (membership.state === 'removed') return null
  if (membership.accountUserId === person.id) {
    person.member = new ActingMember(person, membership)
    return person
  }
  if (person.approvalStatus === 'suspended') return person
  const account = await cachedUser<Person>(Model, membership.accountUserId)
  if (!account) return null
  account.member = new ActingMember(person, membership)
  return account
}

/** The session guard's user lookup, through `userRows`, as the company the login acts for. */
export class CachedSessionUserProvider<
  UserModel extends LucidAuthenticatable,
> extends SessionLucidUserProvider<UserModel> {
  async findById(identifier: string | number | bigint) {
    const user = await actingUser((await this.getModel()) as unknown as UserModelClass, identifier)
    return user ? this.createUserForGuard(user as unknown as InstanceType<UserModel>) : null
  }
}

/**
 * The bearer-token guard's user lookup, through `userRows` (the token itself is read through
 * ThriftyAccessTokensProvider), so an integration's call reads no row it read a moment ago. A
 * member's token acts as the member's company, like the member's session.
 */
export class CachedTokensUserProvider<
  TokenableProperty extends string,
  UserModel extends LucidTokenable<TokenableProperty>,
> extends AccessTokensLucidUserProvider<TokenableProperty, UserModel> {
  async findById(identifier: string | number | bigint) {
    const user = await actingUser((await this.getModel()) as unknown as UserModelClass, identifier)
    return user ? this.createUserForGuard(user as unknown as InstanceType<UserModel>) : null
  }
}
