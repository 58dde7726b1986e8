/**
 * One Idempotency-Key per submission of a form: submitting the same content again (a retry
 * after a timeout or a lost answer) reuses the key, so the server answers with the first
 * result instead of acting twice; changed content gets a new key.
 */
export function createSubmissionKeys(newKey: () => string = () => crypto.randomUUID()) {
  let last: { content: string; key: string } | null = null
  return {
    keyFor(body: unknown): string {
      const content = JSON.stringify(body)
      if (last?.content !== content) last = { content, key: newKey() }
      return last.key
    },
  }
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
