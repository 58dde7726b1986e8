import * as React from 'react'
import { Link, NavLink } from '@/components/ui/link'
import { Menu } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { PUBLIC_NAV } from '@/config/public-nav'
import { cn } from '@/lib/utils'

// The compact menu's Radix code is not needed to paint the page: it loads beside it.
const PublicNavMenu = React.lazy(() =>
  import('@/app/layouts/public-nav-menu').then((m) => ({ default: m.PublicNavMenu }))
)

/** The compact menu's trigger; until the menu's code arrives it stands alone, looking the same. */
const MenuButton = React.forwardRef<HTMLButtonElement, React.ComponentProps<typeof Button>>(
  function MenuButton(props, ref) {
    return (
      <Button ref={ref} variant="ghost" size="icon" aria-label="Open menu" {...props}>
        <Menu className="h-5 w-5" aria-hidden="true" />
      </Button>
    )
  }
)

const PAGES = PUBLIC_NAV.filter((entry) => !entry.account)
const ACCOUNT = PUBLIC_NAV.filter((entry) => entry.account)

/**
 * Signed-out header: the page links and Sign In / Get Started; below md a compact menu with the
 * same places (both from config/public-nav.ts).
 */
export function PublicNav() {
  return (
    <>
      <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
        {PAGES.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end
            className={({ isActive }) =>
              cn(
                'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-800'
              )
            }
          >
            {link.label}
          </NavLink>
        ))}
      </nav>
      <div className="hidden items-center gap-2 md:flex">
        {ACCOUNT.map((entry) => (
          <Button
            key={entry.to}
            asChild
            variant={entry.account === 'sign-up' ? 'default' : 'ghost'}
          >
            <Link to={entry.to}>{entry.label}</Link>
          </Button>
        ))}
      </div>
      <div className="md:hidden">
        <React.Suspense fallback={<MenuButton />}>
          <PublicNavMenu trigger={<MenuButton />} />
        </React.Suspense>
      </div>
    </>
  )
}
