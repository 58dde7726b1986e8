import * as React from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { SectionLayout } from '@/components/section-layout'
import { roleNav } from '@/config/role-nav'
import { ContactInbox } from '@/features/admin/components/contact-inbox'
import { IdentityRevealLog } from '@/features/admin/components/identity-reveal-log'
import { MoneyHealth } from '@/features/admin/components/money-health'
import { PayoutsAttention } from '@/features/admin/components/payouts-attention'
import { ScheduledJobs } from '@/features/admin/components/scheduled-jobs'
import { PendingApprovals } from '@/features/admin/components/pending-approvals'
import { FlaggedCarriers } from '@/features/admin/components/flagged-carriers'
import { FleetOversight } from '@/features/admin/components/fleet-oversight'
import { PlatformAnalytics } from '@/features/admin/components/platform-analytics'
import { RecentBookings } from '@/features/admin/components/recent-bookings'
import { ReviewsModeration } from '@/features/admin/components/reviews-moderation'
import { SummaryCards } from '@/features/admin/components/summary-cards'

// The console is one page: the menu's sections (config/role-nav.ts) are its cards, #fleet,
// #analytics and #terminals; Finance and User Management are pages of their own.
const NAV = roleNav('admin')
const SECTIONS = NAV.flatMap((entry) => (entry.section ? [entry.section] : []))

/** /admin: summary cards, pending approvals, platform analytics, recent bookings and the audit log. */
/** `accountPanel`: the admin's own account card, composed by the route (app/). */
export function AdminDashboard({
  accountPanel,
  terminals,
}: {
  accountPanel: React.ReactNode
  /** the drayage terminal list admins keep (#terminals), from the drayage feature */
  terminals?: React.ReactNode
}) {
  const { hash } = useLocation()
  const navigate = useNavigate()
  const requested = decodeURIComponent(hash.replace(/^#/, ''))
  const current = SECTIONS.includes(requested) ? requested : 'dashboard'

  // /admin#users, /admin#fleet, /admin#analytics and /admin#profile scroll to their panel.
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
      nav={NAV}
      current={current}
      onSelect={(id) => {
        if (id !== 'dashboard') navigate({ hash: id })
        else {
          navigate({ hash: '' })
          window.scrollTo?.({ top: 0, behavior: 'smooth' })
        }
      }}
    >
      <div className="mx-auto max-w-6xl space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-slate-600">
            Review new accounts and keep an eye on the platform.
          </p>
        </div>

        <SummaryCards />

        <PendingApprovals />

        <FlaggedCarriers />

        <FleetOversight />

        {terminals}

        <PlatformAnalytics />

        <MoneyHealth />

        <PayoutsAttention />

        <ScheduledJobs />

        <ReviewsModeration />

        <ContactInbox />

        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <RecentBookings />
          <IdentityRevealLog />
        </div>

        <div id="profile" className="scroll-mt-20">
          {accountPanel}
        </div>
      </div>
    </SectionLayout>
  )
}
