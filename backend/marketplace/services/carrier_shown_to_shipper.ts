import { inject } from '@adonisjs/core'
import CarrierIdentityService, {
  type CarrierProfile,
} from '#marketplace/services/carrier_identity_service'
import {
  BookingPayments,
  type CarrierIdentity,
  type RevealCandidate,
} from '#marketplace/contracts/booking_payments'
import { partnerShipment } from '#marketplace/services/booking_presenter'
import CarrierProfileService from '#fleet/services/carrier_profile_service'

export const UNASSIGNED_CARRIER = 'Carrier to be assigned'

export type CarrierShown = {
  /** The company once the booking is paid, else the anonymous label. */
  name: string
  profile: CarrierProfile | null
  identity: CarrierIdentity | null
}

/**
 * The one rule for what a shipper sees of a booking's carrier, on every screen: the anonymous
 * "Verified carrier #NNNN" label and profile until the booking is paid, the company after (each
 * reveal logged by payments). docs/decisions/0023 and 0041. A partner booking's carrier is the
 * named partner of its quote (decision 0082).
 */
@inject()
export default class CarrierShownToShipper {
  constructor(
    private identities: CarrierIdentityService,
    private payments: BookingPayments,
    private companies: CarrierProfileService
  ) {}

  /**
   * A carrier on work that no payment of the shipper's has revealed it for: a drayage move (not
   * paid through the platform yet), or a freight load's trail (its
   * hold, invite and claim, whatever became of the booking). The anonymous label only, never an
   * id or a name (docs/decisions/0157).
   */
  async unpaidLabels(carrierIds: number[]): Promise<Map<number, string>> {
    return this.identities.labels(carrierIds)
  }

  /**
   * Work paid by card outside a booking (an expedited job, docs/decisions/0188), keyed by the
   * work's own id: the booking rule, the company of the carrier on it once the shipper's payment
   * is confirmed and held (`paid`), its anonymous label before, and again after a refund.
   */
  async forPaidWork(
    work: { id: number; carrierId: number | null; paid: boolean }[]
  ): Promise<Map<number, string>> {
    const withCarrier = work.filter(
      (w): w is { id: number; carrierId: number; paid: boolean } => w.carrierId !== null
    )
    const paidIds = withCarrier.filter((w) => w.paid).map((w) => w.carrierId)
    const [labels, names] = await Promise.all([
      this.identities.labels(withCarrier.filter((w) => !w.paid).map((w) => w.carrierId)),
      this.companies.companyNamesByIds(paidIds),
    ])
    const shown = new Map<number, string>()
    for (const w of withCarrier) {
      const name = w.paid ? names.get(w.carrierId) : labels.get(w.carrierId)
      if (name) shown.set(w.id, name)
    }
    return shown
  }

  async forBookings(
    shipper: { id: number; role: string },
    bookings: (RevealCandidate & Parameters<typeof partnerShipment>[0])[]
  ): Promise<Map<number, CarrierShown>> {
    const carrierIds = bookings.map((b) => b.carrierId).filter((id): id is number => id !== null)
    const profiles = await this.identities.profiles(carrierIds)
    const revealed = await this.payments.revealToShipper(shipper, bookings)
    const shown = new Map<number, CarrierShown>()
    for (const booking of bookings) {
      const profile = booking.carrierId === null ? null : (profiles.get(booking.carrierId) ?? null)
      const identity = revealed.get(booking.id) ?? null
      shown.set(booking.id, {
        name:
          identity?.companyName ??
          profile?.label ??
          partnerShipment(booking)?.carrier ??
          UNASSIGNED_CARRIER,
        profile,
        identity,
      })
    }
    return shown
  }
}
