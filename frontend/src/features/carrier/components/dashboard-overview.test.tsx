import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import {
  FIRST_PAINT,
  makeCarrierDashboard,
  makeListing,
  renderCarrier,
} from '@/features/carrier/testing/fixtures'

const card = (name: string) => screen.getByRole('group', { name })

describe('carrier dashboard', () => {
  it('shows the four stat cards from the API figures', async () => {
    renderCarrier('/carrier', { 'GET /api/carrier/dashboard': { body: makeCarrierDashboard() } })
    await screen.findByRole('group', { name: 'Monthly Earnings' }, FIRST_PAINT)
    expect(card('Monthly Earnings')).toHaveTextContent('$3,708.18')
    expect(card('Monthly Earnings')).toHaveTextContent('March 2025')
    expect(card('Completed Loads')).toHaveTextContent('4')
    expect(card('Avg Rate/Mile/Pallet')).toHaveTextContent('$2.35')
    expect(card('Acceptance Rate')).toHaveTextContent('75%')
    expect(card('Acceptance Rate')).toHaveTextContent('3 accepted of 4 decided')
  })

  it('explains a missing average rate and acceptance rate instead of inventing one', async () => {
    const dashboard = makeCarrierDashboard()
    dashboard.stats = {
      ...dashboard.stats,
      averageRatePerMilePerPallet: null,
      acceptanceRate: null,
      acceptedBookings: 0,
      decidedBookings: 0,
    }
    renderCarrier('/carrier', { 'GET /api/carrier/dashboard': { body: dashboard } })
    await screen.findByRole('group', { name: 'Acceptance Rate' }, FIRST_PAINT)
    expect(card('Acceptance Rate')).toHaveTextContent('—')
    expect(card('Acceptance Rate')).toHaveTextContent('No paid bookings decided yet')
    expect(card('Avg Rate/Mile/Pallet')).toHaveTextContent('—')
    expect(card('Avg Rate/Mile/Pallet')).toHaveTextContent('No bookings yet to average')
  })

  it('lists recent bookings, the empty listings state, the fleet and top routes', async () => {
    renderCarrier('/carrier', { 'GET /api/carrier/dashboard': { body: makeCarrierDashboard() } })
    const recent = await screen.findByRole('list', { name: 'Recent bookings' }, FIRST_PAINT)
    const [booking] = within(recent).getAllByRole('listitem')
    expect(booking).toHaveTextContent('TRT-007')
    expect(booking).toHaveTextContent('Confirmed')
    expect(booking).toHaveTextContent('Chicago, IL → Detroit, MI')
    expect(booking).toHaveTextContent('$1,854.09')
    expect(booking).toHaveTextContent('Mar 5, 2025')
    expect(screen.getByRole('link', { name: /View all bookings/ })).toHaveAttribute(
      'href',
      '/carrier#bookings'
    )

    expect(screen.getByText('No listings yet')).toBeInTheDocument()
    expect(screen.getByText('Create your first listing to get started')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to My Listings' })).toHaveAttribute(
      'href',
      '/carrier#listings'
    )

    const fleet = screen.getByLabelText('Fleet by status')
    expect(fleet).toHaveTextContent('Available1')
    expect(fleet).toHaveTextContent('In Use1')
    expect(fleet).toHaveTextContent('Maintenance1')
    expect(screen.getByText('3 trucks in your fleet.')).toBeInTheDocument()

    const routes = within(screen.getByRole('list', { name: 'Top routes' })).getAllByRole('listitem')
    expect(routes[0]).toHaveTextContent('Chicago, IL → Detroit, MI')
    expect(routes[0]).toHaveTextContent('3 bookings')
    expect(routes[0]).toHaveTextContent('avg 340.2 mi')
    expect(routes[0]).toHaveTextContent('$5,562.27')
    expect(routes[0]).toHaveTextContent('up 39.1%')
    expect(routes[1]).toHaveTextContent('new lane')

    const earnings = screen.getByRole('table', { name: 'Monthly earnings' })
    const rows = within(earnings).getAllByRole('row')
    expect(rows).toHaveLength(13)
    expect(rows[12]).toHaveTextContent('Mar 2025$3,708.182')
  })

  it('shows the carrier their three newest listings', async () => {
    const dashboard = makeCarrierDashboard({
      listings: [makeListing({ id: 1 }), makeListing({ id: 2, status: 'expired' })],
    })
    renderCarrier('/carrier', { 'GET /api/carrier/dashboard': { body: dashboard } })
    const list = await screen.findByRole('list', { name: 'Recent listings' }, FIRST_PAINT)
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('8 of 10 pallets open')
    expect(items[1]).toHaveTextContent('Expired')
  })

  it('shows skeletons while loading and an error with retry on failure', async () => {
    let fail = true
    let release: () => void = () => undefined
    renderCarrier('/carrier', {
      'GET /api/carrier/dashboard': () =>
        fail
          ? new Promise((resolve) => {
              release = () => resolve({ status: 500, body: { message: 'Internal server error' } })
            })
          : { body: makeCarrierDashboard() },
    })
    expect(await screen.findByLabelText('Loading dashboard', {}, FIRST_PAINT)).toBeInTheDocument()
    expect(screen.getByLabelText('Loading monthly earnings')).toBeInTheDocument()
    release()
    expect(await screen.findByText('Could not load your dashboard')).toBeInTheDocument()
    expect(
      screen.getByText('The server could not answer. Try again; if it keeps failing, tell support.')
    ).toBeInTheDocument()
    fail = false
    screen.getByRole('button', { name: 'Try again' }).click()
    expect(await screen.findByRole('group', { name: 'Monthly Earnings' })).toBeInTheDocument()
  })
})
