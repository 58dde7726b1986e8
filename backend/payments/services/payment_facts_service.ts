import Payment from '#payments/models/payment'

/** What other modules may read about a booking's payment attempts. */
export default class PaymentFactsService {
  /**
   * The provider's message of the last failed attempt, for bookings still awaiting payment
   * (a later success clears it), by booking id.
   */
  async failureMessages(bookingIds: number[]): Promise<Map<number, string>> {
    const ids = [...new Set(bookingIds)]
    if (ids.length === 0) return new Map()
    const rows = await Payment.query()
      .whereIn('shipmentId', ids)
      .where('status', 'FAILED')
      .whereNotNull('failureMessage')
      .orderBy('id', 'asc')
    return new Map(rows.map((row) => [row.shipmentId, row.failureMessage!]))
  }
}
