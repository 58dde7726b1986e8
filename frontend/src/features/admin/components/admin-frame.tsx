import type * as React from 'react'
import { useNavigate } from 'react-router-dom'
import { SectionLayout } from '@/components/section-layout'
import { paths } from '@/config/paths'
import { roleNav } from '@/config/role-nav'

const NAV = roleNav('admin')
/** No dashboard section is shown on a screen of its own. */
const NO_SECTION: string = ''

/**
 * An admin screen of its own inside the console's frame: the admin menu as the sidebar (desktop;
 * the phone has the same list in the header's drawer), `screen` marked as the page shown; a
 * dashboard section opens the dashboard at it.
 */
export function AdminFrame({
  screen,
  mobileTitle,
  children,
}: {
  /** the menu entry's `to` (config/role-nav.ts) */
  screen: string
  mobileTitle: string
  children: React.ReactNode
}) {
  const navigate = useNavigate()
  return (
    <SectionLayout
      navLabel="Admin dashboard"
      mobileTitle={mobileTitle}
      nav={NAV}
      current={NO_SECTION}
      currentScreen={screen}
      onSelect={(section) =>
        navigate(section === 'dashboard' ? paths.admin.getHref() : paths.admin.getHref(section))
      }
    >
      <div className="mx-auto max-w-6xl space-y-6">{children}</div>
    </SectionLayout>
  )
}
