import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { inject } from '@adonisjs/core'
import encryption from '@adonisjs/core/services/encryption'
import db from '@adonisjs/lucid/services/db'
import QRCode from 'qrcode'
import User from '#accounts/models/user'
import { appKey } from '#config/app'
import { Clock } from '#core/clock'
import { ConflictException, ForbiddenException } from '#core/exceptions/http_errors'
import { rowCount, writeTransaction } from '#core/transactions'
import { validationError } from '#core/validation'
import {
  RECOVERY_CODE_COUNT,
  hashRecoveryCode,
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  otpauthUrl,
} from '#accounts/services/totp'

export { TWO_FACTOR_REQUIRED } from '#core/middleware/auth_middleware'
export const INVALID_CODE = 'Invalid authentication code'
export const INVALID_RECOVERY_CODE = 'Invalid recovery code'
export const ALREADY_ON = 'Two-factor authentication is already on'
export const NOT_STARTED = 'Start two-factor setup first'
export const NOT_ON = 'Two-factor authentication is not on'
export const ADMIN_KEEPS_TWO_FACTOR = 'Admin accounts must keep two-factor authentication on'

export type TwoFactorStatus = {
  enabled: boolean
  enabledAt: string | null
  /** unused recovery codes */
  recoveryCodesLeft: number
  /** admins must have it on to use the admin area */
  required: boolean
}

export type TwoFactorSetup = { secret: string; otpauthUrl: string; qrCode: string }

/** A second factor as sent: an authenticator code or one recovery code. */
export type SecondFactor = { code?: string | null; recoveryCode?: string | null }

/**
 * Two-factor sign-in with time-based codes (docs/decisions/0097): setup (a secret shown once
 * as text and QR code, confirmed with a code), ten single-use recovery codes stored hashed,
 * turning it off, and checking a code at sign-in. A code is accepted once: the step it belongs
 * to is recorded with a conditional update, so a replay, even a concurrent one, fails. Every
 * "now" is the business clock's.
 */
@inject()
export default class TwoFactorService {
  constructor(private clock: Clock) {}

  async status(user: User): Promise<TwoFactorStatus> {
    const left = user.twoFactorEnabledAt ? await this.recoveryCodesLeft(user.id) : 0
    return {
      enabled: Boolean(user.twoFactorEnabledAt),
      enabledAt: user.twoFactorEnabledAt?.toUTC().toISO() ?? null,
      recoveryCodesLeft: left,
      required: user.role === 'admin',
    }
  }

  /** A new secret for the user to add to an authenticator app; replaces an unconfirmed one. */
  async begin(user: User): Promise<TwoFactorSetup> {
    if (user.twoFactorEnabledAt) throw new ConflictException(ALREADY_ON)
    const secret = newTotpSecret()
    user.twoFactorSecret = encryption.encrypt(secret)
    user.twoFactorLastStep = null
    await user.save()
    const url = otpauthUrl(secret, user.email)
    const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
    return {
      secret,
      otpauthUrl: url,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    }
  }

  /** The first code from the app turns two-factor on; the recovery codes are shown this once. */
  async confirm(user: User, code: string): Promise<string[]> {
    if (user.twoFactorEnabledAt) throw new ConflictException(ALREADY_ON)
    if (!user.twoFactorSecret) throw new ConflictException(NOT_STARTED)
    if (!(await this.acceptCode(user, code))) throw invalid('code', INVALID_CODE)
    return writeTransaction(async (trx) => {
      user.useTransaction(trx)
      user.twoFactorEnabledAt = this.clock.now()
      await user.save()
      return this.replaceRecoveryCodes(trx, user.id)
    })
  }

  /** Off again (not for admins): the secret and recovery codes are gone. */
  async disable(user: User, factor: SecondFactor): Promise<void> {
    if (!user.twoFactorEnabledAt) throw new ConflictException(NOT_ON)
    if (user.role === 'admin') throw new ForbiddenException(ADMIN_KEEPS_TWO_FACTOR)
    await this.checkSecondFactor(user, factor)
    await writeTransaction(async (trx) => {
      await trx.from('two_factor_recovery_codes').where('user_id', user.id).delete()
      user.useTransaction(trx)
      user.merge({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null })
      await user.save()
    })
  }

  /**
   * Off by an admin, inside the admin's transaction (decision 0210): the secret and recovery
   * codes go; an admin must enrol again before using the console. Answers whether it was on.
   */
  async resetIn(trx: TransactionClientContract, userId: number): Promise<boolean> {
    const user = await User.find(userId, { client: trx })
    if (!user?.twoFactorEnabledAt) return false
    await trx.from('two_factor_recovery_codes').where('user_id', userId).delete()
    user.merge({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null })
    await user.useTransaction(trx).save()
    return true
  }

  /** New recovery codes for a current authenticator code; the old ones stop working. */
  async regenerate(user: User, code: string): Promise<string[]> {
    if (!user.twoFactorEnabledAt) throw new ConflictException(NOT_ON)
    if (!(await this.acceptCode(user, code))) throw invalid('code', INVALID_CODE)
    return writeTransaction((trx) => this.replaceRecoveryCodes(trx, user.id))
  }

  /**
   * The second step of a sign-in, or a check before a sensitive change: an authenticator code
   * or a recovery code (used up). A 422 naming the field otherwise.
   */
  async checkSecondFactor(user: User, factor: SecondFactor): Promise<void> {
    if (factor.recoveryCode) {
      if (!(await this.useRecoveryCode(user.id, factor.recoveryCode))) {
        throw invalid('recoveryCode', INVALID_RECOVERY_CODE)
      }
      return
    }
    if (!(await this.acceptCode(user, factor.code ?? ''))) throw invalid('code', INVALID_CODE)
  }

  /** A code valid now whose step is later than the last accepted one; records that step. */
  private async acceptCode(user: User, code: string): Promise<boolean> {
    if (!user.twoFactorSecret) return false
    const secret = encryption.decrypt<string>(user.twoFactorSecret)
    if (!secret) return false
    const step = matchingStep(secret, code.trim(), this.clock.now().toMillis())
    if (step === null) return false
    const updated = await db
      .from('users')
      .where('id', user.id)
      .where((q) => q.whereNull('two_factor_last_step').orWhere('two_factor_last_step', '<', step))
      .update({ two_factor_last_step: step })
    return rowCount(updated) === 1
  }

  private async useRecoveryCode(userId: number, code: string): Promise<boolean> {
    const client = db.connection()
    const updated = await client
      .from('two_factor_recovery_codes')
      .where('user_id', userId)
      .where('code_hash', hashRecoveryCode(code, appKey.release()))
      .whereNull('used_at')
      .update({ used_at: this.clock.now().toFormat(client.dialect.dateTimeFormat) })
    return rowCount(updated) === 1
  }

  private async recoveryCodesLeft(userId: number): Promise<number> {
    const row = await db
      .from('two_factor_recovery_codes')
      .where('user_id', userId)
      .whereNull('used_at')
      .count('* as total')
      .first()
    return Number(row?.total ?? 0)
  }

  private async replaceRecoveryCodes(
    trx: Parameters<Parameters<typeof writeTransaction>[0]>[0],
    userId: number
  ): Promise<string[]> {
    const codes = new Set<string>()
    while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode())
    const at = this.clock.now().toFormat(trx.dialect.dateTimeFormat)
    await trx.from('two_factor_recovery_codes').where('user_id', userId).delete()
    await trx.table('two_factor_recovery_codes').multiInsert(
      [...codes].map((code) => ({
        user_id: userId,
        code_hash: hashRecoveryCode(code, appKey.release()),
        created_at: at,
      }))
    )
    return [...codes]
  }
}

function invalid(field: string, message: string) {
  return validationError([{ field, message, rule: field }])
}
