import type * as React from 'react'
import { Link } from '@/components/ui/link'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { paths } from '@/config/paths'

/** The signed-out header's compact menu below md, opened by `trigger`. */
export function PublicNavMenu({ trigger }: { trigger: React.ReactElement }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
  )
}
