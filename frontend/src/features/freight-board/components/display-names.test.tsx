import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { EQUIPMENT_LABELS, MODE_LABELS } from '@/config/freight-labels'
import { setLiveClientFactory } from '@/lib/live'
import {
  FIRST_PAINT,
  makeBoardLoad,
  makeFeaturedLoad,
  renderAs,
} from '@/features/freight-board/testing/fixtures'

afterEach(() => setLiveClientFactory(null))

const optionTexts = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((o) => o.text)

// Issue 31 item 14: the board said VAN/BOX and TL/EXP while the form said "Box Truck" and the
// cards "Truckload". Every screen names a code through @/config/freight-labels (decision 0173).
describe('equipment and mode display names', () => {
  it('the board filters and load cards use the shared names, never the codes', async () => {
    renderAs('carrier', '/freight-board', {
      'GET /api/freight-listings': {
        body: [makeBoardLoad({ id: 11, equipment: 'BOX', mode: 'EXP' })],
      },
    })
    const list = await screen.findByRole('list', { name: 'Open loads' }, FIRST_PAINT)
    const filters = screen.getByRole('form', { name: 'Filter loads' })
    expect(optionTexts(within(filters).getByLabelText('Equipment'))).toEqual([
      'Any',
      ...Object.values(EQUIPMENT_LABELS),
    ])
    expect(optionTexts(within(filters).getByLabelText('Mode'))).toEqual([
      'Any',
      ...Object.values(MODE_LABELS),
    ])
    const card = within(list).getByRole('listitem', { name: /^Load #11:/ })
    expect(within(card).getByText(EQUIPMENT_LABELS.BOX)).toBeInTheDocument()
    expect(within(card).getByText(MODE_LABELS.EXP)).toBeInTheDocument()
    expect(within(card).queryByText('BOX')).not.toBeInTheDocument()
    expect(within(card).queryByText('EXP')).not.toBeInTheDocument()
  })

  it('the post-load form offers the same names', async () => {
    renderAs('shipper', '/post-load', { 'GET /api/shipper/freight-listings': { body: [] } })
    await screen.findByRole('heading', { level: 1, name: 'Post a Load' }, FIRST_PAINT)
    expect(optionTexts(screen.getByLabelText('Equipment'))).toEqual(Object.values(EQUIPMENT_LABELS))
    expect(optionTexts(screen.getByLabelText('Service Mode'))).toEqual(Object.values(MODE_LABELS))
  })

  it('the featured load cards use the same names', async () => {
    renderAs('visitor', '/overview', {
      'GET /api/freight-listings/featured': {
        body: [makeFeaturedLoad({ pallets: 2, equipment: 'VAN', mode: 'TL', distance_miles: 100 })],
      },
    })
    const list = await screen.findByRole('list', { name: 'Featured loads' }, FIRST_PAINT)
    expect(
      within(list).getByText(`${EQUIPMENT_LABELS.VAN} · ${MODE_LABELS.TL} · 2 pallets · 100 mi`)
    ).toBeInTheDocument()
  })
})
