import { describe, expect, it } from 'vitest'
import { boardColumnOf, groupForStatusBoard } from '@/features/shipper/utils/status-board'

describe('status board grouping', () => {
  it('puts pending, booked, confirmed, unknown and missing statuses under Booked and leaves cancelled out', () => {
    expect(boardColumnOf('pending')).toBe('booked')
    expect(boardColumnOf('booked')).toBe('booked')
    expect(boardColumnOf('confirmed')).toBe('booked')
    expect(boardColumnOf(null)).toBe('booked')
    expect(boardColumnOf(undefined)).toBe('booked')
    expect(boardColumnOf('in_transit')).toBe('in_transit')
    expect(boardColumnOf('delayed')).toBe('delayed')
    expect(boardColumnOf('delivered')).toBe('delivered')
    expect(boardColumnOf('cancelled')).toBeNull()
  })

  it('shows at most 3 per column and counts the rest', () => {
    const statuses = [
      'pending',
      'booked',
      'confirmed',
      null,
      'booked',
      'in_transit',
      'delivered',
      'cancelled',
    ]
    const columns = groupForStatusBoard(statuses.map((status, id) => ({ id, status })))
    expect(columns.map((c) => c.title)).toEqual(['Booked', 'In Transit', 'Delayed', 'Delivered'])
    const [booked, transit, delayed, delivered] = columns
    expect(booked.total).toBe(5)
    expect(booked.shown.map((b) => b.id)).toEqual([0, 1, 2])
    expect(booked.more).toBe(2)
    expect(transit).toMatchObject({ total: 1, more: 0 })
    expect(delayed).toMatchObject({ total: 0, more: 0, shown: [] })
    expect(delivered.shown.map((b) => b.id)).toEqual([6])
  })
})
