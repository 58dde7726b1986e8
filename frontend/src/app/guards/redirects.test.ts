import { describe, expect, it } from 'vitest'
import { postLoginPath, roleHome } from '@/app/guards/redirects'

describe('where a member lands (decision 0237)', () => {
  it('a driver lands on their work after signing in', () => {
    const driver = { role: 'carrier', isApproved: true, member: { role: 'driver' } }
    expect(roleHome(driver)).toBe('/drive')
    expect(postLoginPath(driver)).toBe('/drive')
    expect(
      postLoginPath({ role: 'carrier', isApproved: true, member: { role: 'dispatcher' } })
    ).toBe('/carrier')
  })
})
