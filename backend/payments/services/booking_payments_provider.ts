import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import {
  BookingPayments,
  type CarrierIdentity,
  type RevealCandidate,
  type RevealViewer,
} from '#marketplace/contracts/booking_payments'
import IdentityRevealService from '#payments/services/identity_reveal_service'
import PaymentFactsService from '#payments/services/payment_facts_service'
import { paymentDueAt } from '#payments/services/payment_deadline_service'
import PayoutHoldService from '#payments/services/payout_hold_service'
import { AUTO_RELEASE_HOURS } from '#payments/services/payout_rules'

/** Payments' answers to marketplace's BookingPayments contract. */
@inject()
export default class BookingPaymentsProvider extends BookingPayments {
  constructor(
    private reveals: IdentityRevealService,
    private facts: PaymentFactsService,
    private holds: PayoutHoldService
  ) {
    super()
  }

  revealToShipper(
    viewer: RevealViewer,
    bookings: RevealCandidate[]
  ): Promise<Map<number, CarrierIdentity>> {
    return this.reveals.revealToShipper(viewer, bookings)
  }

  failureMessages(bookingIds: number[]): Promise<Map<number, string>> {
    return this.facts.failureMessages(bookingIds)
  }

  paymentDueAt(createdAt: DateTime): DateTime {
    return paymentDueAt(createdAt)
  }

  autoReleaseAt(deliveredAt: DateTime): DateTime {
    return deliveredAt.plus({ hours: AUTO_RELEASE_HOURS })
  }

  async payoutHeldUntil(carrierIds: number[]): Promise<Map<number, DateTime>> {
    const holds = await this.holds.activeForCarriers(carrierIds)
    return new Map(
      [...holds].map(([carrierId, hold]) => [carrierId, DateTime.fromISO(hold.endsAt)])
    )
  }
}
