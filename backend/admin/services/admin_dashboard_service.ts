import { inject } from '@adonisjs/core'
import AccountStatsService, { type UserCounts } from '#accounts/services/account_stats_service'
import PlatformStatsService, {
  type AdminRecentBooking,
} from '#marketplace/services/platform_stats_service'
import IdentityRevealService from '#payments/services/identity_reveal_service'

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
    private reveals: IdentityRevealService
  ) {}

  /**
   * The recent bookings show carrier company names: each one shown is an identity reveal,
   * logged for the viewing admin (the signed-in user of the request unless given).
   */
  async summary(viewerId: number): Promise<AdminDashboard> {
    const counts = await this.accounts.counts()
    const revenue = await this.platform.monthlyRevenue()
    const recentBookings = await this.platform.recentBookings()
    await this.reveals.log(
      { id: viewerId, role: 'admin' },
      recentBookings.filter((b) => b.carrierName !== null).map((b) => b.id)
    )
    return { ...counts, ...revenue, recentBookings }
  }
}
