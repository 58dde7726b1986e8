import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { Home, List, Route, Users } from 'lucide-react'
import { SectionLayout } from '@/components/section-layout'
import type { RoleNavEntry } from '@/config/role-nav'
import { renderWithProviders } from '@/testing/test-utils'

const NAV: RoleNavEntry[] = [
  { label: 'Alpha', icon: Home, to: '/test', section: 'a' },
  { label: 'Beta', icon: List, to: '/test#b', section: 'b' },
  { label: 'Gamma', icon: Users, unavailable: true },
  { label: 'TMS', icon: Route, to: '/tms' },
]

describe('SectionLayout', () => {
  it('shows the menu: sections switch in place, screens are links, unavailable leads nowhere', () => {
    const onSelect = vi.fn()
    const { router } = renderWithProviders(
      <SectionLayout
        navLabel="Test dashboard"
        mobileTitle="Test"
        nav={NAV}
        current="a"
        onSelect={onSelect}
      >
        <p>content</p>
      </SectionLayout>,
      { url: '/test' }
    )
    const nav = screen.getByRole('navigation', { name: 'Test dashboard' })
    const alpha = within(nav).getByRole('link', { name: 'Alpha' })
    expect(alpha).toHaveAttribute('aria-current', 'page')
    expect(alpha).toHaveAttribute('href', '/test')
    const beta = within(nav).getByRole('link', { name: 'Beta' })
    expect(beta).toHaveAttribute('href', '/test#b')
    expect(beta).not.toHaveAttribute('aria-current')
    fireEvent.click(beta)
    expect(onSelect).toHaveBeenCalledWith('b')
    expect(router.state.location.pathname).toBe('/test')

    const gamma = within(nav).getByRole('link', { name: 'Gamma' })
    expect(gamma).toHaveAttribute('aria-disabled', 'true')
    expect(gamma).not.toHaveAttribute('href')
    expect(gamma).toHaveAccessibleDescription('Not available yet')
    fireEvent.click(gamma)
    expect(onSelect).toHaveBeenCalledTimes(1)

    fireEvent.click(within(nav).getByRole('link', { name: 'TMS' }))
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(router.state.location.pathname).toBe('/tms')
  })
})
