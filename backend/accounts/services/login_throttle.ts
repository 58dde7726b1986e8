import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import type { LimiterResponse } from '@adonisjs/limiter'

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
 */
export const LOGIN_LIMITS = {
  pair: { requests: 5, duration: '1 min', blockDuration: '1 min' },
  ip: { requests: 15, duration: '15 min', blockDuration: '15 min' },
  account: { requests: 10, duration: '15 min', blockDuration: '15 min' },
} as const

type Rule = keyof typeof LOGIN_LIMITS

export type LoginAttempt = {
  username: string
  ip: string
  knownDevice: boolean
  /** which step of the sign-in is checked: the password (default) or the second factor */
  step?: 'password' | 'second_factor'
}

export default class LoginThrottle {
  /** Runs `verify` unless a limit is reached; counts a failure against every limit. */
  async attempt<T>(who: LoginAttempt, verify: () => Promise<T>): Promise<T> {
    const keys = this.keys(who)
    for (const [rule, key] of keys) {
      const state = await limiter.use(LOGIN_LIMITS[rule]).get(key)
      if (state && state.remaining <= 0) throw this.tooMany(state)
    }
    try {
      const result = await verify()
      for (const [rule, key] of keys) {
        if (rule !== 'ip') await limiter.use(LOGIN_LIMITS[rule]).delete(key)
      }
      return result
    } catch (error) {
      for (const [rule, key] of keys) {
        const counter = limiter.use(LOGIN_LIMITS[rule])
        const { consumed, limit } = await counter.increment(key)
        if (consumed >= limit) await counter.block(key, LOGIN_LIMITS[rule].blockDuration)
      }
      throw error
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
