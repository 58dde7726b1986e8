import { describe, expect, it } from 'vitest'
import {
  formatCountdown,
  formatDims,
  formatHours,
  formatPlace,
  minutesLeft,
} from '@/features/freight-board/utils/format-load'

const now = Date.parse('2025-03-10T12:00:00.000Z')

describe('freight board formatting', () => {
  it('counts a hold down as mm:ss and never below zero', () => {
    expect(formatCountdown('2025-03-10T12:30:00.000Z', now)).toBe('30:00')
    expect(formatCountdown('2025-03-10T12:04:05.900Z', now)).toBe('04:05')
    expect(formatCountdown('2025-03-10T11:59:00.000Z', now)).toBe('00:00')
    expect(formatCountdown(null, now)).toBe('')
  })

  it('rounds the minutes left of another carrier’s hold up', () => {
    expect(minutesLeft('2025-03-10T12:11:01.000Z', now)).toBe(12)
    expect(minutesLeft('2025-03-10T12:12:00.000Z', now)).toBe(12)
    expect(minutesLeft('2025-03-10T11:00:00.000Z', now)).toBe(0)
  })

  it('writes places, dimensions and hours', () => {
    expect(formatPlace({ city: 'Chicago', state: 'IL', postal: '60601' })).toBe('Chicago, IL 60601')
    expect(formatPlace({ postal: '60601' })).toBe('60601')
    expect(formatDims({ l: 48, w: 40, h: 60 })).toBe('48 × 40 × 60 in')
    expect(formatHours(25.46)).toBe('25.5 h')
  })
})
