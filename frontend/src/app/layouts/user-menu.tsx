import { ChevronDown, LogOut, Settings, User as UserIcon } from 'lucide-react'
import { Avatar, AvatarFallback } from '@/components/ui/avatar'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import type { User } from '@/features/auth/api/get-user'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { accountLine, displayName, initials } from '@/app/account'
import { profileHref } from '@/config/role-nav'
import { paths } from '@/config/paths'
import { useNavigation } from '@/lib/navigation'

/** Signed-in top bar menu: avatar with initials, name, Profile / Settings / Log out. */
export function UserMenu({ user }: { user: User }) {
  const { logout, isLoggingOut } = useAuth()
  const { navigate } = useNavigation()
  const name = displayName(user)

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        aria-label={`Account menu for ${name}`}
      >
        <Avatar className="h-8 w-8">
          <AvatarFallback>{initials(user)}</AvatarFallback>
        </Avatar>
        <span className="hidden max-w-[12rem] truncate md:inline">{name}</span>
        <ChevronDown className="hidden h-4 w-4 text-slate-500 md:block" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="truncate">{name}</p>
          <p className="truncate text-xs font-normal text-slate-500">{accountLine(user)}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(profileHref(user.role))}>
          <UserIcon className="h-4 w-4" aria-hidden="true" /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(paths.settings.getHref())}>
          <Settings className="h-4 w-4" aria-hidden="true" /> Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={isLoggingOut} onSelect={() => void logout()}>
          <LogOut className="h-4 w-4" aria-hidden="true" />{' '}
          {isLoggingOut ? 'Signing out...' : 'Log out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
