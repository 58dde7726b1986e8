import { Outlet } from 'react-router-dom'
import { SiteHeader } from '@/app/layouts/site-header'

/** Signed-in screens: the top bar, then the page (which renders its own <main>). */
export function AppLayout() {
  return (
    <div id="content" className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      <div className="flex-1">
        <Outlet />
      </div>
    </div>
  )
}
