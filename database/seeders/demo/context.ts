/*
 * What the demo's steps share: the product's services (built once, with the timeline's clock
 * in the container) and the ids the steps hand on to later ones.
 */
import app from '@adonisjs/core/services/app'
import type User from '#accounts/models/user'
import ApprovalService from '#accounts/services/approval_service'
import RegistrationService from '#accounts/services/registration_service'
import CompanyService from '#accounts/services/company_service'
import CarrierListingService, { type ListingView } from '#fleet/services/carrier_listing_service'
import TruckService from '#fleet/services/truck_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import BookingService from '#marketplace/services/booking_service'
import BookingDriverService from '#marketplace/services/booking_driver_service'
import BookingStatusService from '#marketplace/services/booking_status_service'
import RateConfirmationService from '#marketplace/services/rate_confirmation_service'
import type { ShipperBooking } from '#marketplace/services/booking_presenter'
import CarrierPaymentsService from '#payments/services/carrier_payments_service'
import PaymentDeadlineService from '#payments/services/payment_deadline_service'
import PaymentEventsService from '#payments/services/payment_events_service'
import PaymentService from '#payments/services/payment_service'
import PayoutService from '#payments/services/payout_service'
import FreightListingService from '#freight_board/services/freight_listing_service'
import FreightBoardService from '#freight_board/services/freight_board_service'
import ReviewService from '#reviews/services/review_service'
import ReviewPublicationService from '#reviews/services/review_publication_service'
import ExpeditedJobService from '#logistics/services/expedited_job_service'
import ExpeditedSlaService from '#logistics/services/expedited_sla_service'
import ExpeditedStopEventService from '#logistics/services/expedited_stop_event_service'
import BookingEvidenceService from '#finance/services/booking_evidence_service'
import AdvancedInvoiceService from '#finance/services/advanced_invoice_service'
import BookingDocumentsService from '#marketplace/services/booking_documents_service'
import DocumentHubService from '#tms/services/document_hub_service'

export type DemoServices = Awaited<ReturnType<typeof demoServices>>

/** The services, resolved from the container as a request would get them. */
export async function demoServices() {
  const make = app.container.make.bind(app.container)
  return {
    registration: await make(RegistrationService),
    approvals: await make(ApprovalService),
    companies: await make(CompanyService),
    carrierProfiles: await make(CarrierProfileService),
    trucks: await make(TruckService),
    listings: await make(CarrierListingService),
    bookings: await make(BookingService),
    bookingDrivers: await make(BookingDriverService),
    statuses: await make(BookingStatusService),
    rateConfirmations: await make(RateConfirmationService),
    payments: await make(PaymentService),
    paymentEvents: await make(PaymentEventsService),
    payouts: await make(PayoutService),
    deadlines: await make(PaymentDeadlineService),
    carrierPayments: await make(CarrierPaymentsService),
    freightListings: await make(FreightListingService),
    freightBoard: await make(FreightBoardService),
    reviews: await make(ReviewService),
    reviewPublication: await make(ReviewPublicationService),
    expedited: await make(ExpeditedJobService),
    expeditedSla: await make(ExpeditedSlaService),
    expeditedStops: await make(ExpeditedStopEventService),
    evidence: await make(BookingEvidenceService),
    invoices: await make(AdvancedInvoiceService),
    bookingDocuments: await make(BookingDocumentsService),
    documentHub: await make(DocumentHubService),
  }
}

/** Ids made by earlier steps, by what the plans call them. */
export class DemoState {
  admin: User | null = null
  private users = new Map<string, number>()
  private trucks = new Map<string, number>()
  private listings = new Map<string, ListingView>()
  private bookings = new Map<number, ShipperBooking>()

  addUser(email: string, id: number) {
    this.users.set(email, id)
  }

  private invites = new Map<string, string>()

  /** An invite link's token, held between the owner's invite and the member's acceptance. */
  addInvite(email: string, token: string) {
    this.invites.set(email, token)
  }

  invite(email: string): string {
    return found(this.invites.get(email), `invite for ${email}`)
  }

  userId(email: string): number {
    return found(this.users.get(email), `user ${email}`)
  }

  addTruck(carrier: number, truck: number, id: number) {
    this.trucks.set(`${carrier}/${truck}`, id)
  }

  truckId(carrier: number, truck: number): number {
    return found(this.trucks.get(`${carrier}/${truck}`), `truck ${truck} of carrier ${carrier}`)
  }

  /** `lane <n>` for a lane's current listing, `trip <n>` for booking n's own trip */
  addListing(name: string, listing: ListingView) {
    this.listings.set(name, listing)
  }

  listing(name: string): ListingView {
    return found(this.listings.get(name), `listing ${name}`)
  }

  addBooking(index: number, booking: ShipperBooking) {
    this.bookings.set(index, booking)
  }

  booking(index: number): ShipperBooking {
    return found(this.bookings.get(index), `booking ${index}`)
  }
}

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo plan: ${what} is used before it exists`)
  return value
}
