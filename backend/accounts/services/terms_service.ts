import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

/**
 * The user agreement in force. Its text lives in legal/ at the repository root, outside both
 * the server and the frontend: the server hashes it, the /agreement page renders it.
 */
export const CURRENT_TERMS_VERSION = '2025-01-15'

const agreementUrl = new URL(
  `../../../legal/user-agreement-${CURRENT_TERMS_VERSION}.txt`,
  import.meta.url
)

let cachedHash: string | undefined

export function agreementText(): string {
  return readFileSync(agreementUrl, 'utf8')
}

/** SHA-256 of the exact agreement text of the current version, recorded with each acceptance. */
export function currentTermsHash(): string {
  cachedHash ??= createHash('sha256').update(agreementText(), 'utf8').digest('hex')
  return cachedHash
}
