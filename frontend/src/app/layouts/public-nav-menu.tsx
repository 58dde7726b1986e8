import type * as React from 'react'
import { Link } from '@/components/ui/link'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { PUBLIC_NAV } from '@/config/public-nav'

/**
 * The signed-out header's compact menu below md, opened by `trigger`: the places of the desktop
 * header (config/public-nav.ts), the account entries after a rule.
 */
export function PublicNavMenu({ trigger }: { trigger: React.ReactElement }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {PUBLIC_NAV.map((entry, i) => [
          entry.account && !PUBLIC_NAV[i - 1]?.account ? (
            <DropdownMenuSeparator key={`${entry.to}-rule`} />
          ) : null,
          <DropdownMenuItem key={entry.to} asChild>
            <Link to={entry.to}>{entry.label}</Link>
          </DropdownMenuItem>,
        ])}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
