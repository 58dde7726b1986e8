import { describe, expect, it } from 'vitest'
import { formatDate } from '@/lib/format'
import { deriveShipmentAlerts } from '@/features/shipper/utils/shipment-alerts'

const TODAY = '2025-06-10'

function booking(
  id: number,
  status: string | null,
  pickupDate: string | null,
  completedAt: string | null = null
) {
  return { id, reference: `TRT-${String(id).padStart(3, '0')}`, status, pickupDate, completedAt }
}

describe('deriveShipmentAlerts', () => {
  it('flags a delayed shipment as high priority', () => {
    const [alert, ...rest] = deriveShipmentAlerts([booking(1, 'delayed', '2025-06-20')], TODAY)
    expect(rest).toHaveLength(0)
    expect(alert).toMatchObject({
      id: 'delayed-1',
      kind: 'delayed',
      priority: 'high',
      bookingId: 1,
    })
    expect(alert.title).toBe('Shipment TRT-001 is delayed')
  })

  it('flags a shipment not picked up after its pickup date: medium up to 3 days, high after', () => {
    const alerts = deriveShipmentAlerts(
      [
        booking(2, 'booked', '2025-06-09'), // 1 day late
        booking(3, 'confirmed', '2025-06-07'), // 3 days late: still medium
        booking(4, 'booked', '2025-06-06'), // 4 days late: high
        booking(5, 'pending', '2025-06-01'), // unpaid, 9 days late: high
        booking(6, null, '2025-06-08'), // no status counts as booked: 2 days late
      ],
      TODAY
    )
    const byId = Object.fromEntries(alerts.map((a) => [a.bookingId, a]))
    expect(byId[2]).toMatchObject({
      kind: 'overdue',
      priority: 'medium',
      id: 'overdue-2-2025-06-09',
    })
    expect(byId[2].message).toContain('1 day ago')
    expect(byId[3].priority).toBe('medium')
    expect(byId[3].message).toContain('3 days ago')
    expect(byId[4].priority).toBe('high')
    expect(byId[5].priority).toBe('high')
    expect(byId[5].message).toContain('still awaiting payment')
    expect(byId[6].priority).toBe('medium')
    // High first, the longest overdue first among equals.
    expect(alerts.map((a) => a.bookingId)).toEqual([5, 4, 3, 6, 2])
  })

  it('does not flag pickups today or later, shipments under way, or cancelled ones', () => {
    const alerts = deriveShipmentAlerts(
      [
        booking(7, 'booked', TODAY),
        booking(8, 'booked', '2025-06-11'),
        booking(9, 'in_transit', '2025-06-01'),
        booking(10, 'cancelled', '2025-06-01'),
        booking(11, 'booked', null),
        booking(12, 'delivered', '2025-06-01', '2025-06-05T10:00:00.000Z'),
      ],
      TODAY
    )
    expect(alerts).toEqual([])
  })

  it('asks to review and complete a delivered shipment that is not completed', () => {
    const [alert] = deriveShipmentAlerts([booking(13, 'delivered', '2025-06-01')], TODAY)
    expect(alert).toMatchObject({ id: 'complete-13', kind: 'complete', priority: 'medium' })
    expect(alert.message).toMatch(/complete the shipment to release payment/)
  })

  it('does not promise a release the 48-hour job already made, nor one that cannot happen', () => {
    const delivered = booking(15, 'delivered', '2025-06-01')
    const [released] = deriveShipmentAlerts(
      [
        {
          ...delivered,
          completion: {
            payout: 'already_released',
            releasedAt: '2025-06-04T14:00:00.000Z',
            autoReleaseAt: null,
            transferHeldUntil: null,
          },
        },
      ],
      TODAY
    )
    expect(released.message).toBe(
      `Review the delivery and complete the shipment. The carrier's payout was already released on ${formatDate('2025-06-04T14:00:00.000Z')}.`
    )
    const [none] = deriveShipmentAlerts(
      [
        {
          ...delivered,
          completion: {
            payout: 'none',
            releasedAt: null,
            autoReleaseAt: null,
            transferHeldUntil: null,
          },
        },
      ],
      TODAY
    )
    expect(none.message).toBe('Review the delivery and complete the shipment to close it.')
  })

  it('reads pickup dates sent as midnight timestamps as calendar days', () => {
    const [alert] = deriveShipmentAlerts([booking(14, 'booked', '2025-06-05T00:00:00.000Z')], TODAY)
    expect(alert).toMatchObject({ priority: 'high', id: 'overdue-14-2025-06-05' })
  })
})
