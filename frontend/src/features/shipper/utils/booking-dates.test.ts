import { describe, expect, it } from 'vitest'
import { checkBookingDates, hasDateProblems } from '@/features/shipper/utils/booking-dates'

const today = '2025-06-10'

describe('booking dialog date rules', () => {
  it('needs both dates', () => {
    for (const [pickupDate, deliveryDate] of [
      ['', ''],
      ['2025-06-12', ''],
      ['', '2025-06-12'],
    ]) {
      expect(checkBookingDates({ pickupDate, deliveryDate, today })).toEqual({
        missing: 'Missing information: Please select both pickup and delivery dates.',
      })
    }
  })

  it('refuses a pickup before today and a delivery before the pickup', () => {
    expect(
      checkBookingDates({ pickupDate: '2025-06-09', deliveryDate: '2025-06-12', today })
    ).toEqual({
      pickupDate: 'Pickup date cannot be earlier than today',
    })
    expect(
      checkBookingDates({ pickupDate: '2025-06-12', deliveryDate: '2025-06-11', today })
    ).toEqual({
      deliveryDate: 'Delivery date cannot be earlier than the pickup date',
    })
  })

  it('accepts same-day delivery and a pickup today', () => {
    const check = checkBookingDates({ pickupDate: today, deliveryDate: today, today })
    expect(hasDateProblems(check)).toBe(false)
  })

  it("refuses a pickup before the carrier's available date", () => {
    expect(
      checkBookingDates({
        pickupDate: '2025-06-11',
        deliveryDate: '2025-06-14',
        today,
        availableDate: '2025-06-12',
      })
    ).toEqual({ pickupDate: 'This carrier is available from Jun 12, 2025' })
  })
})
