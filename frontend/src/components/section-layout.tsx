import type * as React from 'react'
import { Link } from 'react-router-dom'
import { ChevronDown, Fuel, Route } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'

export type SectionNavItem<T extends string> = {
  id: T
  label: string
  icon: React.ComponentType<{ className?: string }>
  disabled?: boolean
}

/** A link out of the dashboard to another screen of the role (e.g. /tms). */
export type SectionLink = {
  label: string
  to: string
  icon: React.ComponentType<{ className?: string }>
}

/** The TMS (rate comparison, milestone tracking, documents, escrow), open to every role. */
export const TMS_LINK: SectionLink = { label: 'TMS', to: paths.tms.getHref(), icon: Route }

/** The admin's Finance section: fuel index, surcharge table, accessorials, flagged invoices. */
export const FINANCE_LINK: SectionLink = {
  label: 'Finance',
  to: paths.adminFinance.getHref(),
  icon: Fuel,
}

type SectionLayoutProps<T extends string> = {
  /** Name of the navigation landmark, e.g. "Carrier dashboard". */
  navLabel: string
  /** Heading of the small-screen header bar. */
  mobileTitle: string
  items: SectionNavItem<T>[]
  current: T
  onSelect: (id: T) => void
  /** Other screens of the role, listed under the sections. */
  links?: SectionLink[]
  children: React.ReactNode
}

/**
 * Dashboard frame: a side menu on large screens; on small ones a header whose section switcher
 * names the current section (the site header already has the one hamburger menu).
 */
export function SectionLayout<T extends string>({
  navLabel,
  mobileTitle,
  items,
  current,
  onSelect,
  links = [],
  children,
}: SectionLayoutProps<T>) {
  const currentLabel = items.find((item) => item.id === current)?.label ?? mobileTitle
  return (
    <div className="flex min-h-[calc(100vh-4rem)] flex-col bg-slate-50 lg:flex-row">
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
        <nav aria-label={navLabel} className="sticky top-16 space-y-1 p-4">
          {items.map(({ id, label, icon: Icon, disabled }) => (
            <button
              key={id}
              type="button"
              disabled={disabled}
              aria-current={current === id ? 'page' : undefined}
              onClick={() => onSelect(id)}
              className={cn(
                'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium transition-colors',
                current === id ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                disabled && 'cursor-not-allowed opacity-50 hover:bg-transparent'
              )}
            >
              <Icon className="h-4 w-4 shrink-0" />
              {label}
            </button>
          ))}
          {links.length > 0 ? (
            <div className="mt-3 space-y-1 border-t border-slate-200 pt-3">
              {links.map(({ label, to, icon: Icon }) => (
                <Link
                  key={to}
                  to={to}
                  className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100"
                >
                  <Icon className="h-4 w-4 shrink-0" />
                  {label}
                </Link>
              ))}
            </div>
          ) : null}
        </nav>
      </aside>

      <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
        <p className="text-lg font-semibold text-slate-900">{mobileTitle}</p>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="outline"
              size="sm"
              aria-label={`${navLabel} section: ${currentLabel}`}
              className="max-w-[55%] gap-1"
            >
              <span className="truncate">{currentLabel}</span>
              <ChevronDown className="h-4 w-4 shrink-0" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {items.map(({ id, label, icon: Icon, disabled }) => (
              <DropdownMenuItem
                key={id}
                disabled={disabled}
                onSelect={() => onSelect(id)}
                className={cn(current === id && 'bg-brand-50 text-brand-700')}
              >
                <Icon className="h-4 w-4" />
                {label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">{children}</main>
    </div>
  )
}
