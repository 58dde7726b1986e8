import * as React from 'react'
import { NavLink } from '@/components/ui/link'
import { LogOut, Menu } from 'lucide-react'
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
import { displayName, roleLabel } from '@/app/account'
import { roleLinks } from '@/app/layouts/role-links'

/** Signed-in side drawer below 768 px: welcome line, the role's links and Sign Out. */
export function MobileDrawer({ user }: { user: User }) {
  const { logout, isLoggingOut } = useAuth()
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
          <DialogDescription id="mobile-drawer-role">
            {roleLabel(user.role)} account
          </DialogDescription>
        </div>
        <nav aria-label="Account" className="flex-1 space-y-1">
          {roleLinks(user.role).map((link) => (
            <NavLink
              key={link.label}
              to={link.to}
              end
              onClick={() => setOpen(false)}
              className="block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              {link.label}
            </NavLink>
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
