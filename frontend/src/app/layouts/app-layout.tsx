import { Outlet } from 'react-router-dom'
import { SiteHeader } from '@/app/layouts/site-header'
import { LiveUpdates } from '@/app/live-updates'

/**
 * Signed-in screens: the top bar, then the page (which renders its own <main>). No Radix here:
 * a tooltip brings its own provider (components/ui/tooltip.tsx, decision 0219). `LiveUpdates` keeps their data fresh from the user's live notices (docs/decisions/0171).
 */
export function AppLayout() {
  return (
    <>
      <LiveUpdates />
      <div id="content" className="flex min-h-screen flex-col bg-slate-50">
        <SiteHeader />
        <div className="flex-1">
          <Outlet />
        </div>
      </div>
    </>
  )
}
