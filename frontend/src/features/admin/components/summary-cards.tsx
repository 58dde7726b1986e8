import { DollarSign, Truck, UserCheck, Users } from 'lucide-react'
import { LoadError } from '@/components/ui/load-error'
import { StatCard, StatCardSkeleton } from '@/components/ui/stat-card'
import { useAdminDashboard } from '@/features/admin/api/get-admin-dashboard'
import { formatCount, formatCurrency } from '@/lib/format'

const plural = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`

/** Total Users, Active Carriers, Pending Approvals and Monthly Revenue, counted by the server. */
export function SummaryCards() {
  const { data, error, isLoading, isValidating, mutate } = useAdminDashboard()

  if (isLoading)
    return (
      <div
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
        role="status"
        aria-busy="true"
        aria-label="Loading summary"
      >
        {[0, 1, 2, 3].map((i) => (
          <StatCardSkeleton key={i} />
        ))}
      </div>
    )
  if (error && !data)
    return (
      <LoadError
        title="Could not load the platform summary"
        error={error}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    )
  if (!data) return null

  const { shipper, carrier, admin } = data.usersByRole
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Total Users"
        icon={Users}
        value={formatCount(data.totalUsers)}
        detail={[
          plural(shipper, 'shipper'),
          plural(carrier, 'carrier'),
          plural(admin, 'admin'),
        ].join(' · ')}
      />
      <StatCard
        label="Active Carriers"
        icon={Truck}
        value={formatCount(data.activeCarriers)}
        detail="Approved carrier accounts"
      />
      <StatCard
        label="Pending Approvals"
        icon={UserCheck}
        value={formatCount(data.pendingApprovals)}
        detail="Accounts waiting for review"
      />
      <StatCard
        label="Monthly Revenue"
        icon={DollarSign}
        value={formatCurrency(data.monthlyRevenue)}
        detail={`Bookings created in ${data.monthLabel}`}
      />
    </div>
  )
}
