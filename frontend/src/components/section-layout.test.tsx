import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { Home, List } from 'lucide-react'
import { SectionLayout, TMS_LINK } from '@/components/section-layout'

describe('SectionLayout', () => {
  it('lists the sections as buttons and the role screens (TMS) as links under them', () => {
    const onSelect = vi.fn()
    render(
      <MemoryRouter>
        <SectionLayout
          navLabel="Test dashboard"
          mobileTitle="Test"
          items={[
            { id: 'a', label: 'Alpha', icon: Home },
            { id: 'b', label: 'Beta', icon: List },
          ]}
          current="a"
          onSelect={onSelect}
          links={[TMS_LINK]}
        >
          <p>content</p>
        </SectionLayout>
      </MemoryRouter>
    )
    const nav = screen.getByRole('navigation', { name: 'Test dashboard' })
    expect(within(nav).getByRole('button', { name: 'Alpha' })).toHaveAttribute(
      'aria-current',
      'page'
    )
    fireEvent.click(within(nav).getByRole('button', { name: 'Beta' }))
    expect(onSelect).toHaveBeenCalledWith('b')
    expect(within(nav).getByRole('link', { name: 'TMS' })).toHaveAttribute('href', '/tms')
  })
})
