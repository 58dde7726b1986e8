import * as React from 'react'
import { Logo } from '@/app/layouts/logo'
import { PublicNav } from '@/app/layouts/public-nav'
import { useAuth } from '@/features/auth/hooks/use-auth'

// The signed-in controls (Radix menu and dialog) load only once someone is signed in.
const UserMenu = React.lazy(() =>
  import('@/app/layouts/user-menu').then((m) => ({ default: m.UserMenu }))
)
const NotificationBell = React.lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  }))
)
const MobileDrawer = React.lazy(() =>
  import('@/app/layouts/mobile-drawer').then((m) => ({ default: m.MobileDrawer }))
)

/**
 * Public header for visitors, signed-in top bar (the notification bell, user menu, the menu's
 * drawer) for users.
 */
export function SiteHeader() {
  const { user } = useAuth()
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <div className="flex items-center gap-2">
          {user ? (
            // Below lg, where the dashboards have no sidebar, the drawer holds the role's menu.
            <div className="lg:hidden">
              <React.Suspense fallback={<span className="block h-10 w-10" />}>
                <MobileDrawer user={user} />
              </React.Suspense>
            </div>
          ) : null}
          <Logo />
        </div>
        {user ? (
          <div className="flex items-center gap-1">
            <React.Suspense fallback={<span className="block h-10 w-10" />}>
              <NotificationBell />
            </React.Suspense>
            <React.Suspense fallback={<span className="block h-10 w-10" />}>
              <UserMenu user={user} />
            </React.Suspense>
          </div>
        ) : (
          <PublicNav />
        )}
      </div>
    </header>
  )
}
