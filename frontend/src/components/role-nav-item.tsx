import * as React from 'react'
import { Link } from '@/components/ui/link'
import { NOT_AVAILABLE_YET, type RoleNavEntry } from '@/config/role-nav'
import { cn } from '@/lib/utils'

type RoleNavItemProps = {
  entry: RoleNavEntry
  /** It is the page (or dashboard section) shown now. */
  current?: boolean
  /** Runs on a click of the link, before it navigates (it may take the click over). */
  onClick?: (event: React.MouseEvent<HTMLAnchorElement>) => void
}

const ROW = 'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium'

/**
 * One entry of a role's menu (config/role-nav.ts), drawn the same way in the desktop sidebar and
 * the phone drawer: a link, or for a place without a screen yet, a greyed-out entry that says
 * "Not available yet" (visibly, and as its accessible description) and leads nowhere.
 */
export function RoleNavItem({ entry, current = false, onClick }: RoleNavItemProps) {
  const descriptionId = React.useId()
  const Icon = entry.icon
  if (entry.unavailable) {
    return (
      <div className={cn(ROW, 'flex-wrap gap-y-0 text-slate-500')}>
        <span
          role="link"
          aria-disabled="true"
          aria-describedby={descriptionId}
          tabIndex={0}
          className="flex cursor-not-allowed items-center gap-3 rounded-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
          {entry.label}
        </span>
        <span id={descriptionId} className="w-full pl-7 text-xs font-normal">
          {NOT_AVAILABLE_YET}
        </span>
      </div>
    )
  }
  return (
    <Link
      to={entry.to}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
      className={cn(
        ROW,
        'transition-colors',
        current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'
      )}
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      {entry.label}
    </Link>
  )
}
