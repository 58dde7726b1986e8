import { inject } from '@adonisjs/core'
import type { DateTime } from 'luxon'
import {
  BookingPayments,
  type CarrierIdentity,
  type RevealCandidate,
  type RevealViewer,
} from '#marketplace/contracts/booking_payments'
import IdentityRevealService from '#payments/services/identity_reveal_service'
import PaymentFactsService from '#payments/services/payment_facts_service'
import { paymentDueAt } from '#payments/services/payment_deadline_service'

/** Payments' answers to marketplace's BookingPayments contract. */
@inject()
export default class BookingPaymentsProvider extends BookingPayments {
  constructor(
    private reveals: IdentityRevealService,
    private facts: PaymentFactsService
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
}
