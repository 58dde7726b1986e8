import { inject } from '@adonisjs/core'
import AccountStatsService, { type UserCounts } from '#accounts/services/account_stats_service'
import PlatformStatsService, {
  type AdminRecentBooking,
} from '#marketplace/services/platform_stats_service'
import IdentityRevealService, {
  type CarrierIdentity,
} from '#payments/services/identity_reveal_service'
import BookingService from '#marketplace/services/booking_service'
import { NotFoundException } from '#core/exceptions/http_errors'

export type AdminDashboard = UserCounts & {
  monthlyRevenue: number
  monthLabel: string
  recentBookings: AdminRecentBooking[]
}

/** The admin console's summary cards and recent bookings, all from data. */
@inject()
export default class AdminDashboardService {
  constructor(
    private accounts: AccountStatsService,
    private platform: PlatformStatsService,
    private reveals: IdentityRevealService,
    private bookings: BookingService
  ) {}

  /** The recent bookings show the carriers' anonymous labels: viewing reveals nobody. */
  async summary(): Promise<AdminDashboard> {
    const counts = await this.accounts.counts()
    const revenue = await this.platform.monthlyRevenue()
    const recentBookings = await this.platform.recentBookings()
    return { ...counts, ...revenue, recentBookings }
  }

  /**
   * An admin reveals the carrier of one booking on purpose (support, disputes): one
   * identity_reveal_log row per reveal, in the log's hash chain.
   */
  async revealCarrier(
    viewerId: number,
    bookingId: number,
    reason: string
  ): Promise<{ bookingId: number; carrier: CarrierIdentity }> {
    const carrierId = await this.bookings.carrierOf(bookingId)
    if (carrierId === null) throw new NotFoundException('Booking not found')
    const identity = (await this.reveals.identities([carrierId])).get(carrierId)
    if (!identity) throw new NotFoundException('Booking not found')
    await this.reveals.logDeliberate({ id: viewerId, role: 'admin' }, bookingId, reason)
    return { bookingId, carrier: identity }
  }
}
