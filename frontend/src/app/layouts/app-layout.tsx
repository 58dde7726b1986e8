import { Outlet } from 'react-router-dom'
import { TooltipProvider } from '@/components/ui/tooltip'
import { SiteHeader } from '@/app/layouts/site-header'
import { LiveUpdates } from '@/app/live-updates'

/**
 * Signed-in screens: the top bar, then the page (which renders its own <main>). Tooltips live
 * on these screens only, so their provider (and Radix Tooltip) stays out of the public pages.
 * `LiveUpdates` keeps their data fresh from the user's live notices (docs/decisions/0171).
 */
export function AppLayout() {
  return (
    <TooltipProvider>
      <LiveUpdates />
      <div id="content" className="flex min-h-screen flex-col bg-slate-50">
        <SiteHeader />
        <div className="flex-1">
          <Outlet />
        </div>
      </div>
    </TooltipProvider>
  )
}
