import { createHmac, randomInt } from 'node:crypto'
import { authenticator } from 'otplib'

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_STEP_SECONDS = 30

/** Steps either side of now that are accepted, for a phone clock that is a little off. */
export const TOTP_WINDOW = 1

/** The name an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'PalletLine'

/** Recovery codes handed out at once; each signs in one time. */
export const RECOVERY_CODE_COUNT = 10

/** Crockford's base32 letters: no I, L, O or U, so a code read aloud or typed is unambiguous. */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A new random secret, base32 (160 bits). */
export function newTotpSecret(): string {
  return authenticator.generateSecret(20)
}

/** The `otpauth://` address an authenticator app scans. */
export function otpauthUrl(secret: string, accountName: string): string {
  return authenticator.keyuri(accountName, TOTP_ISSUER, secret)
}

/** The 30-second step a moment falls in. */
export function stepAt(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TOTP_STEP_SECONDS)
}

/** The code of one step (tests and the browser helper compute codes with it). */
export function codeForStep(secret: string, step: number): string {
  return authenticator.clone({ epoch: step * TOTP_STEP_SECONDS * 1000 }).generate(secret)
}

/**
 * The step a code belongs to when it is valid at `epochMs` (within the window), else null.
 * Anything but six digits is refused without a check.
 */
export function matchingStep(secret: string, code: string, epochMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = authenticator
    .clone({ epoch: epochMs, window: TOTP_WINDOW })
    .checkDelta(code, secret)
  return delta === null ? null : stepAt(epochMs) + delta
}

/** Ten characters in two groups of five: `7K2QM-X9D4R` (50 random bits). */
export function newRecoveryCode(): string {
  let code = ''
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** As typed: case, spaces and dashes do not matter; O and I/L read as 0 and 1. */
export function normalizeRecoveryCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
}

/**
 * What is stored of a recovery code: an HMAC under the app key. The codes are random (50 bits),
 * so a keyed hash is enough and lets a code be found by its hash in one query.
 */
export function hashRecoveryCode(input: string, key: string): string {
  return createHmac('sha256', key)
    .update(`recovery:${normalizeRecoveryCode(input)}`)
    .digest('hex')
}
