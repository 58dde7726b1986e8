import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { fromCents, toCents } from '#core/money'
import {
  BookingAccessorials,
  type AccessorialRefusal,
} from '#marketplace/contracts/booking_accessorials'
import Accessorial from '#finance/models/accessorial'
import BookingAccessorial from '#finance/models/booking_accessorial'
import { DETENTION_CODE } from '#finance/detention'
import { USE_DETENTION } from '#finance/services/booking_evidence_service'

/** Finance's answer to marketplace's BookingAccessorials: charges asked for at booking. */
export default class BookingAccessorialsProvider extends BookingAccessorials {
  async refusals(codes: string[]): Promise<AccessorialRefusal[]> {
    if (codes.length === 0) return []
    const known = new Set(
      (await Accessorial.query().whereIn('code', codes).select('code')).map((a) => a.code)
    )
    const seen = new Set<string>()
    return codes.flatMap((code) => {
      if (seen.has(code)) return [{ code, message: 'Each accessorial once' }]
      seen.add(code)
      if (code === DETENTION_CODE) return [{ code, message: USE_DETENTION }]
      return known.has(code) ? [] : [{ code, message: `Unknown accessorial: ${code}` }]
    })
  }

  async request(
    bookingId: number,
    shipperId: number,
    codes: string[],
    at: DateTime,
    client: TransactionClientContract
  ) {
    if (codes.length === 0) return
    const prices = await Accessorial.query({ client }).whereIn('code', codes)
    for (const code of codes) {
      const price = prices.find((p) => p.code === code)
      if (!price) continue
      const cents = toCents(price.defaultPrice)
      await BookingAccessorial.create(
        {
          bookingId,
          code,
          description: price.description,
          quantity: 1,
          unitPrice: fromCents(cents),
          amount: fromCents(cents),
          source: 'BOOKING',
          note: null,
          documentId: null,
          stop: null,
          startedAt: null,
          endedAt: null,
          createdByUserId: shipperId,
          createdAt: at,
        },
        { client }
      )
    }
  }
}
