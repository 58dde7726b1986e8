import * as React from 'react'
import { useLocation } from 'react-router-dom'
import { BarChart3, DollarSign, Eye, LayoutDashboard, ListChecks, Truck, Users } from 'lucide-react'
import { AccountDetails, type AccountSummary } from '@/components/account-details'
import { SectionLayout, type SectionNavItem } from '@/components/section-layout'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { PendingApprovals } from '@/features/admin/components/pending-approvals'

type AdminSection = 'dashboard' | 'users' | 'fleet' | 'finance'

// Only the dashboard is available for now; the other entries are shown disabled.
const NAV: SectionNavItem<AdminSection>[] = [
  { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { id: 'users', label: 'User Management', icon: Users, disabled: true },
  { id: 'fleet', label: 'Fleet Oversight', icon: Truck, disabled: true },
  { id: 'finance', label: 'Financial Reports', icon: DollarSign, disabled: true },
]

function PanelPlaceholder({
  id,
  title,
  description,
  emptyText,
  icon,
}: {
  id?: string
  title: string
  description: string
  emptyText: string
  icon: React.ComponentType<{ className?: string }>
}) {
  return (
    <Card id={id} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <EmptyState icon={icon} title="Nothing here yet" description={emptyText} />
      </CardContent>
    </Card>
  )
}

/** /admin: pending approvals (live) and the panels that arrive with later work. */
export function AdminDashboard({ account }: { account: AccountSummary }) {
  const { hash } = useLocation()

  // /admin#users, /admin#analytics and /admin#profile scroll to their panel.
  React.useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''))
    if (!id) return
    const el = document.getElementById(id)
    if (el && typeof el.scrollIntoView === 'function')
      el.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }, [hash])

  return (
    <SectionLayout
      navLabel="Admin dashboard"
      mobileTitle="Admin Dashboard"
      items={NAV}
      current="dashboard"
      onSelect={() => undefined}
    >
      <div className="mx-auto max-w-6xl space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-slate-600">
            Review new accounts and keep an eye on the platform.
          </p>
        </div>

        <PendingApprovals />

        <PanelPlaceholder
          id="analytics"
          title="Platform Analytics"
          description="Revenue, bookings and activity across the marketplace."
          emptyText="Total revenue, total bookings, the average rate per pallet-mile and active shippers over the last 30 days will appear here once bookings are recorded."
          icon={BarChart3}
        />

        <div className="grid gap-6 xl:grid-cols-2">
          <PanelPlaceholder
            title="Recent Bookings"
            description="The five most recent bookings on the platform."
            emptyText="New bookings will be listed here with their TRT- reference, route, status and amount."
            icon={ListChecks}
          />
          <PanelPlaceholder
            title="Identity Reveal Audit Log"
            description="Every time a carrier's identity is shown after payment."
            emptyText="Each reveal will be listed with the booking, the viewer, the viewer's role and the time."
            icon={Eye}
          />
        </div>

        <div id="profile" className="scroll-mt-20">
          <AccountDetails
            account={account}
            title="Your Account"
            description="The admin account you are signed in with."
          />
        </div>
      </div>
    </SectionLayout>
  )
}
