import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { loadFailure } from '@/lib/api-errors'

describe('loadFailure: why a screen did not load, never a bare status code', () => {
  it('says each status in words, with the server reason only when it adds something', () => {
    const generic = new ApiError(403, 'You do not have access to this resource', {
      message: 'You do not have access to this resource',
    })
    expect(loadFailure(generic)).toEqual({ reason: 'Your account cannot see this.', detail: null })
    const role = new ApiError(403, 'Your company role (driver) does not allow this', {
      message: 'Your company role (driver) does not allow this',
    })
    expect(loadFailure(role)).toEqual({
      reason: 'Your account cannot see this.',
      detail: 'Your company role (driver) does not allow this',
    })
    expect(loadFailure(new ApiError(401, 'Unauthorized', null)).reason).toBe(
      'You are signed out. Sign in again to see this.'
    )
    expect(loadFailure(new ApiError(404, 'Booking not found', null)).reason).toMatch(/not found/)
    expect(loadFailure(new ApiError(500, 'Internal server error', null))).toEqual({
      reason: 'The server could not answer. Try again; if it keeps failing, tell support.',
      detail: null,
    })
    expect(loadFailure(new ApiError(503, 'Service unavailable', null)).reason).toBe(
      'PalletLine is busy or restarting. Try again in a moment.'
    )
    // A server failure's own words stay when they say more than the status does.
    expect(
      loadFailure(new ApiError(503, 'Database unavailable', { message: 'Database unavailable' }))
    ).toEqual({
      reason: 'PalletLine is busy or restarting. Try again in a moment.',
      detail: 'Database unavailable',
    })
    expect(
      loadFailure(new ApiError(409, 'This claim is settled', { message: 'This claim is settled' }))
    ).toEqual({ reason: 'This claim is settled', detail: null })
    expect(loadFailure(new TypeError('Failed to fetch')).reason).toBe(
      'PalletLine could not be reached. Check your connection, then try again.'
    )
    for (const error of [generic, role, new ApiError(500, 'x', null)]) {
      expect(loadFailure(error).reason).not.toMatch(/^\d{3}:/)
    }
  })
})
