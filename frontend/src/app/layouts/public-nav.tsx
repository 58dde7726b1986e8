import { Link, NavLink } from 'react-router-dom'
import { Menu } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'

const LINKS = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'About', to: paths.about.getHref() },
  { label: 'Platform', to: paths.overview.getHref() },
  { label: 'Contact', to: paths.contact.getHref() },
]

/** Signed-out header: links and Login / Get Started; a compact menu below md. */
export function PublicNav() {
  return (
    <>
      <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
        {LINKS.map((link) => (
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
        <Button asChild variant="ghost">
          <Link to={paths.login.getHref()}>Login</Link>
        </Button>
        <Button asChild>
          <Link to={paths.register.getHref()}>Get Started</Link>
        </Button>
      </div>
      <div className="md:hidden">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Open menu">
              <Menu className="h-5 w-5" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem asChild>
              <Link to={paths.auth.getHref()}>Sign In</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.home.getHref()}>Home</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.about.getHref()}>About</Link>
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </>
  )
}
