import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { afterDelete, afterSave, BaseModel, column, computed } from '@adonisjs/lucid/orm'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { userRows, type ActingMember } from '#accounts/services/cached_user_provider'
import { ThriftyAccessTokensProvider } from '#accounts/services/thrifty_access_tokens'
import { booleanColumn, decimalColumn } from '#core/columns'

export type Role = 'shipper' | 'carrier' | 'admin'
export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'suspended'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['username', 'email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, AuthFinder) {
  static accessTokens = ThriftyAccessTokensProvider.forModel(User, {
    prefix: 'plt_',
    table: 'auth_access_tokens',
    type: 'auth_token',
  })

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare username: string

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare password: string

  @column()
  declare role: Role

  @column()
  declare firstName: string | null

  @column()
  declare lastName: string | null

  @column()
  declare phone: string | null

  @column(booleanColumn)
  declare isApproved: boolean

  @column()
  declare approvalStatus: ApprovalStatus

  @column()
  declare reviewedBy: number | null

  @column.dateTime()
  declare reviewedAt: DateTime | null

  @column.dateTime()
  declare termsAcceptedAt: DateTime | null

  @column()
  declare termsVersion: string | null

  @column({ serializeAs: null })
  declare termsIp: string | null

  @column({ serializeAs: null })
  declare termsUserAgent: string | null

  @column()
  declare termsHash: string | null

  /** The TOTP secret, encrypted with the app key; in force once `twoFactorEnabledAt` is set. */
  @column({ serializeAs: null })
  declare twoFactorSecret: string | null

  @column.dateTime({ serializeAs: null })
  declare twoFactorEnabledAt: DateTime | null

  /** The last accepted 30-second TOTP step: a code is never accepted twice. */
  @column({ ...decimalColumn, serializeAs: null })
  declare twoFactorLastStep: number | null

  @computed()
  get twoFactorEnabled(): boolean {
    return Boolean(this.twoFactorEnabledAt)
  }

  /** When the user last signed in (decision 0210); admins read it on the user list. */
  @column.dateTime({ serializeAs: null })
  declare lastSignInAt: DateTime | null

  /**
   * Until when failed sign-ins lock the account (decision 0211): set by the login throttle
   * when it locks, cleared when an admin unlocks. The lock itself is the throttle's.
   */
  @column.dateTime({ serializeAs: null })
  declare lockedUntil: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /**
   * On a signed-in request of a company: the member who signed in, acting as this user, the
   * company's account user (docs/decisions/0223). Not a column; never serialised.
   */
  declare member?: ActingMember

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  /**
   * A changed user is read afresh by the next request on every instance (decision 0148), and
   * again once its transaction commits.
   */
  @afterSave()
  @afterDelete()
  static async forgetCachedRow(user: User) {
    await userRows.evict(user.id)
    user.$trx?.after('commit', () => void userRows.evict(user.id))
  }
}
