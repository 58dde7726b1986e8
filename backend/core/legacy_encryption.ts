import { configProvider } from '@adonisjs/core'
import type { ConfigProvider } from '@adonisjs/core/types'
import type { EncryptionConfig, EncryptionDriverContract } from '@adonisjs/core/types/encryption'

type CypherText = ReturnType<EncryptionDriverContract['encrypt']>
/** The options form of `encrypt` (the driver contract's first overload). */
type EncryptOptions = { expiresIn?: string | number; purpose?: string }

/**
 * One key's driver that encrypts with `current` and decrypts with `current`, then `older`:
 * values written before a change of driver keep reading. Both are the encryption package's
 * own drivers; this only chooses between them through the public driver contract.
 */
class ReadsOlder implements EncryptionDriverContract {
  constructor(
    private current: EncryptionDriverContract,
    private older: EncryptionDriverContract
  ) {}

  encrypt(payload: any, options?: EncryptOptions): CypherText
  encrypt(payload: any, expiresIn?: string | number, purpose?: string): CypherText
  encrypt(payload: any, expiresInOrOptions?: EncryptOptions | string | number, purpose?: string) {
    return typeof expiresInOrOptions === 'object'
      ? this.current.encrypt(payload, expiresInOrOptions)
      : this.current.encrypt(payload, expiresInOrOptions, purpose)
  }

  decrypt<T>(value: string, purpose?: string): T | null {
    const read = this.current.decrypt<T>(value, purpose)
    return read !== null ? read : this.older.decrypt<T>(value, purpose)
  }

  blindIndex(payload: any, purpose: string) {
    return this.current.blindIndex(payload, purpose)
  }

  blindIndexes(payload: any, purpose: string) {
    return this.current.blindIndexes(payload, purpose)
  }
}

/**
 * An encrypter (an entry of `list` in config/encryption.ts) that writes with `current` and
 * still reads what `older` wrote with the same keys (docs/decisions/0209). Both are driver
 * configs from `drivers.*` of `@adonisjs/core/encryption`; the message verifier (signed
 * cookies) depends on the keys only, so it is the same as either's.
 */
export function readingOlder(
  current: ConfigProvider<EncryptionConfig>,
  older: ConfigProvider<EncryptionConfig>
): ConfigProvider<EncryptionConfig> {
  return configProvider.create(async (app) => {
    const writes = await configProvider.resolve<EncryptionConfig>(app, current)
    const reads = await configProvider.resolve<EncryptionConfig>(app, older)
    if (!writes || !reads) throw new Error('readingOlder takes two encryption driver configs')
    return {
      keys: writes.keys,
      driver: (key) => new ReadsOlder(writes.driver(key), reads.driver(key)),
    }
  })
}
