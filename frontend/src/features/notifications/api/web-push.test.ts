import { describe, expect, it } from 'vitest'
import { keyBytes, pushSupported } from '@/features/notifications/api/web-push'

describe('web push helpers (decision 0253)', () => {
  it('turns the base64url VAPID key into the bytes subscribe takes', () => {
    // 65 bytes: 0x04 then 64 more, as a P-256 public key is.
    const raw = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256))
    const b64url = btoa(String.fromCharCode(...raw))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
    expect(b64url).toHaveLength(87)
    expect(Array.from(keyBytes(b64url))).toEqual(Array.from(raw))
  })

  it('offers push only where the browser has the Push API', () => {
    // jsdom has no service workers or PushManager: the Push column stays hidden.
    expect(pushSupported()).toBe(false)
  })
})
