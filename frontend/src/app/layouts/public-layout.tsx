import { Outlet } from 'react-router-dom'
import { SiteFooter } from '@/app/layouts/site-footer'
import { SiteHeader } from '@/app/layouts/site-header'

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="content" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
