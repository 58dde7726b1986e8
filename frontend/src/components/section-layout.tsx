import type * as React from 'react'
import { ChevronDown } from 'lucide-react'
import { RoleNavItem } from '@/components/role-nav-item'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import type { RoleNavEntry } from '@/config/role-nav'
import { cn } from '@/lib/utils'

type SectionLayoutProps<T extends string> = {
  /** Name of the navigation landmark, e.g. "Carrier dashboard". */
  navLabel: string
  /** Heading of the small-screen header bar. */
  mobileTitle: string
  /**
   * The role's menu (config/role-nav.ts), the same list the phone drawer shows: its dashboard
   * sections (`section`) and its other screens (Post a Load, TMS, Finance).
   */
  nav: readonly RoleNavEntry[]
  current: T
  /**
   * On a screen of its own (not a dashboard section): its menu entry's `to`, marked as the page
   * shown (User Management at /admin/users).
   */
  currentScreen?: string
  onSelect: (id: T) => void
  children: React.ReactNode
}

/** A screen of its own (Post a Load, TMS), not a section of the dashboard. */
const isScreen = (entry: RoleNavEntry) => !entry.section && !entry.unavailable

/** A plain left click, which the page handles; modified clicks open the link as usual. */
function isPlainClick(event: React.MouseEvent<HTMLAnchorElement>) {
  return event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
}

/**
 * Dashboard frame: the role's menu as a sidebar on large screens, its sections as links that
 * switch the section in place; on small ones a header whose section switcher names the current
 * section (the site header has the one menu button, which opens the same menu as a drawer).
 */
export function SectionLayout<T extends string>({
  navLabel,
  mobileTitle,
  nav,
  current,
  currentScreen,
  onSelect,
  children,
}: SectionLayoutProps<T>) {
  const sections = nav.filter((entry) => entry.section)
  // On a screen of its own the switcher names no section: it leads to the dashboard's.
  const currentLabel =
    sections.find((entry) => entry.section === current)?.label ??
    (currentScreen !== undefined ? 'Sections' : mobileTitle)
  return (
    <div className="flex min-h-[calc(100vh-4rem)] flex-col bg-slate-50 lg:flex-row">
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
        <nav aria-label={navLabel} className="sticky top-16 space-y-1 p-4">
          {nav.map((entry, i) => (
            <div
              key={entry.label}
              className={cn(
                // A rule between the role's other screens and its dashboard's sections.
                i > 0 &&
                  isScreen(nav[i - 1]) !== isScreen(entry) &&
                  'mt-3 border-t border-slate-200 pt-3'
              )}
            >
              <RoleNavItem
                entry={entry}
                current={
                  entry.section != null
                    ? entry.section === current
                    : currentScreen !== undefined && entry.to === currentScreen
                }
                onClick={(event) => {
                  if (!entry.section || !isPlainClick(event)) return
                  event.preventDefault()
                  onSelect(entry.section as T)
                }}
              />
            </div>
          ))}
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
            {sections.map(({ section, label, icon: Icon }) => (
              <DropdownMenuItem
                key={section}
                onSelect={() => onSelect(section as T)}
                className={cn(current === section && 'bg-brand-50 text-brand-700')}
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
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
