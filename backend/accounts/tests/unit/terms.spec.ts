import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import {
  agreementText,
  currentTermsHash,
  CURRENT_TERMS_VERSION,
} from '#accounts/services/terms_service'

test.group('Terms of the user agreement', () => {
  test('the hash is the SHA-256 of the exact agreement text of the current version', ({
    assert,
  }) => {
    assert.equal(CURRENT_TERMS_VERSION, '2025-01-15')
    const text = agreementText()
    assert.include(text, 'Effective Date: January 15, 2025')
    assert.include(text, 'Delaware')
    assert.equal(currentTermsHash(), createHash('sha256').update(text, 'utf8').digest('hex'))
    assert.match(currentTermsHash(), /^[0-9a-f]{64}$/)
  })
})
