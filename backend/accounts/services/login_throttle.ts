import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import limiter from '@adonisjs/limiter/services/main'
import User from '#accounts/models/user'
import logger from '@adonisjs/core/services/logger'
import { errors as limiterErrors } from '@adonisjs/limiter'
import type { Limiter, LimiterResponse } from '@adonisjs/limiter'
import { asRedisUnavailable } from '#core/redis_resilience'
import { isConnectionLost } from '#core/connection_loss'
import { notifyAdmins } from '#core/live_notices'

/**
 * Failed sign-ins are counted three ways (docs/decisions/0050):
 * - one username from one IP: 5 failures a minute, then blocked for a minute;
 * - one IP whatever the usernames (password spraying): 15 failures in 15 minutes, then 15;
 * - one username from any IP (a botnet on one account): 10 failures in 15 minutes, then 15,
 *   except for a browser that has signed in to that account before, so an attacker cannot lock
 *   its owner out of the device they use.
 * A success clears the username counts; the IP count only expires, so a sprayer cannot reset it
 * with an account of its own. The second factor (docs/decisions/0097) has username counts of its
 * own under the same limits, so a right password never clears wrong codes; the IP count is
 * shared by both steps.
 *
 * While the limiter's Redis is away the counts are kept in this process's memory instead
 * (docs/decisions/0160): sign-in stays up, and guessing is still limited per instance.
 */
export const LOGIN_LIMITS = {
  pair: { requests: 5, duration: '1 min', blockDuration: '1 min' },
  ip: { requests: 15, duration: '15 min', blockDuration: '15 min' },
  // blockDuration: ACCOUNT_LOCK_MINUTES
  account: { requests: 10, duration: '15 min', blockDuration: '15 min' },
} as const

type Rule = keyof typeof LOGIN_LIMITS

/** How long the per-account lock lasts unless an admin unlocks it first (decision 0211). */
export const ACCOUNT_LOCK_MINUTES = 15

export const ACCOUNT_LOCKED =
  `This account is locked after too many failed sign-ins. Try again in ${ACCOUNT_LOCK_MINUTES} minutes, ` +
  'or ask PalletLine support to unlock it.'

/**
 * The per-account lock reached (decision 0211): a 429 like the other limits, with a message that
 * says the account is locked and how it ends (the exception handler sends `explanation`).
 */
export class AccountLockedError extends limiterErrors.E_TOO_MANY_REQUESTS {
  explanation = ACCOUNT_LOCKED
}

export type LoginAttempt = {
  username: string
  ip: string
  knownDevice: boolean
  /** which step of the sign-in is checked: the password (default) or the second factor */
  step?: 'password' | 'second_factor'
}

/** Whether this process counts in memory because the limiter's Redis is away (for the log). */
let countingInMemory = false

export default class LoginThrottle {
  /** `counters`: the app's limiter (a test may pass one of its own). */
  constructor(private counters: typeof limiter = limiter) {}

  /** Runs `verify` unless a limit is reached; counts a failure against every limit. */
  async attempt<T>(who: LoginAttempt, verify: () => Promise<T>): Promise<T> {
    const keys = this.keys(who)
    for (const [rule, key] of keys) {
      const state = await this.counted(rule, (counter) => counter.get(key))
      if (state && state.remaining <= 0) {
        throw rule === 'account' ? new AccountLockedError(state) : this.tooMany(state)
      }
    }
    try {
      const result = await verify()
      for (const [rule, key] of keys) {
        if (rule !== 'ip') await this.counted(rule, (counter) => counter.delete(key))
      }
      return result
    } catch (error) {
      // A check that could not run (the database or Redis away) is not a wrong guess: a client
      // retrying through an outage must not lock its own account out (decision 0168).
      if (isConnectionLost(error) || asRedisUnavailable(error)) throw error
      for (const [rule, key] of keys) {
        await this.counted(rule, async (counter) => {
          const { consumed, limit } = await counter.increment(key)
          if (consumed >= limit) {
            await counter.block(key, LOGIN_LIMITS[rule].blockDuration)
            if (rule === 'account') await this.recordLock(who.username)
          }
        })
      }
      throw error
    }
  }

  /**
   * Runs `use` with the rule's counter in the configured store; when that store is Redis and
   * Redis is away (the store refuses at once), with the same counter in this process's memory.
   */
  private async counted<T>(rule: Rule, use: (counter: Limiter) => Promise<T>): Promise<T> {
    try {
      const result = await use(this.counters.use(LOGIN_LIMITS[rule]))
      if (countingInMemory) {
        countingInMemory = false
        logger.info('login throttle: Redis is back, counting there again')
      }
      return result
    } catch (error) {
      if (!asRedisUnavailable(error)) throw error
      if (!countingInMemory) {
        countingInMemory = true
        logger.warn(
          { err: error },
          'login throttle: Redis away, counting in this process meanwhile'
        )
      }
      return use(this.counters.use('memory', LOGIN_LIMITS[rule]))
    }
  }

  /**
   * Ends the per-account lock and the account's failed counts (an admin's unlock, decision
   * 0211), under each name the account signs in with. The per-IP counts stay.
   */
  async unlock(names: string[]) {
    for (const name of new Set(names.map((n) => n.trim().toLowerCase()))) {
      for (const prefix of ['login', 'second_factor']) {
        await this.counted('account', (counter) => counter.delete(`${prefix}_account_${name}`))
      }
    }
  }

  /**
   * Clears an account's recorded lock inside an admin's transaction (decision 0211); `unlock`
   * clears the counts once it committed.
   */
  async clearLockIn(trx: TransactionClientContract, userId: number) {
    const user = await User.find(userId, { client: trx })
    if (!user) return
    user.lockedUntil = null
    await user.useTransaction(trx).save()
  }

  /**
   * Marks the account with this sign-in name locked until the lock ends, so admins can find
   * and unlock it. A name that is nobody's changes nothing.
   */
  private async recordLock(username: string) {
    const name = username.trim().toLowerCase()
    const until = DateTime.now().plus({ minutes: ACCOUNT_LOCK_MINUTES })
    const users = await User.query()
      .whereRaw('lower(email) = ?', [name])
      .orWhereRaw('lower(username) = ?', [name])
    for (const user of users) {
      const wasLocked = user.lockedUntil !== null && user.lockedUntil > DateTime.now()
      user.lockedUntil = until
      await user.save()
      // The admins' user list and the user's page show the lock as it happens (decision 0211);
      // a lock that only moves its end is not news.
      if (!wasLocked) notifyAdmins({ kind: 'account', id: user.id, change: 'locked' })
    }
  }

  private keys({ username, ip, knownDevice, step }: LoginAttempt): [Rule, string][] {
    const name = username.trim().toLowerCase()
    const prefix = step === 'second_factor' ? 'second_factor' : 'login'
    const keys: [Rule, string][] = [
      ['pair', `${prefix}_pair_${name}_${ip}`],
      ['ip', `login_ip_${ip}`],
    ]
    if (!knownDevice) keys.push(['account', `${prefix}_account_${name}`])
    return keys
  }

  private tooMany(state: LimiterResponse) {
    return new limiterErrors.E_TOO_MANY_REQUESTS(state)
  }
}
