import { Logo } from '@/app/layouts/logo'
import { MobileDrawer } from '@/app/layouts/mobile-drawer'
import { PublicNav } from '@/app/layouts/public-nav'
import { UserMenu } from '@/app/layouts/user-menu'
import { useAuth } from '@/features/auth/hooks/use-auth'

/** Public header for visitors, signed-in top bar (user menu, mobile drawer) for users. */
export function SiteHeader() {
  const { user } = useAuth()
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <div className="flex items-center gap-2">
          {user ? (
            <div className="md:hidden">
              <MobileDrawer user={user} />
            </div>
          ) : null}
          <Logo />
        </div>
        {user ? <UserMenu user={user} /> : <PublicNav />}
      </div>
    </header>
  )
}
