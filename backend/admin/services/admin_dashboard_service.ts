import { inject } from '@adonisjs/core'
import AccountStatsService, { type UserCounts } from '#accounts/services/account_stats_service'
import PlatformStatsService, {
  type AdminRecentBooking,
} from '#marketplace/services/platform_stats_service'

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
    private platform: PlatformStatsService
  ) {}

  async summary(): Promise<AdminDashboard> {
    const counts = await this.accounts.counts()
    const revenue = await this.platform.monthlyRevenue()
    const recentBookings = await this.platform.recentBookings()
    return { ...counts, ...revenue, recentBookings }
  }
}
