import * as React from 'react'
import { LogOut, Menu } from 'lucide-react'
import { RoleNavItem } from '@/components/role-nav-item'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import type { User } from '@/features/auth/api/get-user'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { accountLine, displayName } from '@/app/account'
import { roleNav } from '@/config/role-nav'
import { usePageLocation } from '@/lib/navigation'

/**
 * Signed-in side drawer below 1024 px, where the dashboards have no sidebar: welcome line, the
 * role's menu (the same list as the sidebar, config/role-nav.ts) and Sign Out.
 */
export function MobileDrawer({ user }: { user: User }) {
  const { logout, isLoggingOut } = useAuth()
  const { pathname, hash } = usePageLocation()
  const [open, setOpen] = React.useState(false)

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open navigation menu">
          <Menu className="h-5 w-5" aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent side="left" aria-describedby="mobile-drawer-role">
        <div className="mb-6 border-b border-slate-200 pb-4 pr-8">
          <DialogTitle className="text-base">Welcome, {displayName(user)}</DialogTitle>
          <DialogDescription id="mobile-drawer-role">{accountLine(user)}</DialogDescription>
        </div>
        <nav aria-label="Account" className="flex-1 space-y-1">
          {roleNav(user.role, user.member).map((entry) => (
            <RoleNavItem
              key={entry.label}
              entry={entry}
              current={entry.to === `${pathname}${hash}` || (entry.to === pathname && !hash)}
              onClick={() => setOpen(false)}
            />
          ))}
        </nav>
        <Button
          variant="outline"
          className="mt-6 w-full"
          disabled={isLoggingOut}
          onClick={async () => {
            if (await logout()) setOpen(false)
          }}
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {isLoggingOut ? 'Signing out...' : 'Sign Out'}
        </Button>
      </DialogContent>
    </Dialog>
  )
}
