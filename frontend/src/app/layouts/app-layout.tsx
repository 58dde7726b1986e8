import { Outlet } from 'react-router-dom'
import { TooltipProvider } from '@/components/ui/tooltip'
import { SiteHeader } from '@/app/layouts/site-header'

/**
 * Signed-in screens: the top bar, then the page (which renders its own <main>). Tooltips live
 * on these screens only, so their provider (and Radix Tooltip) stays out of the public pages.
 */
export function AppLayout() {
  return (
    <TooltipProvider>
      <div id="content" className="flex min-h-screen flex-col bg-slate-50">
        <SiteHeader />
        <div className="flex-1">
          <Outlet />
        </div>
      </div>
    </TooltipProvider>
  )
}
