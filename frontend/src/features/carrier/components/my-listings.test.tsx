import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Listing } from '@/features/carrier/api/get-listings'
import {
  FIRST_PAINT,
  makeListing,
  makeTruck,
  renderCarrier,
} from '@/features/carrier/testing/fixtures'
import { requestsTo } from '@/testing/mock-fetch'

const type = (label: string | RegExp, value: string, root: HTMLElement) =>
  fireEvent.change(within(root).getByLabelText(label), { target: { value } })

async function openCreateDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create New Listing' }, FIRST_PAINT))
  return screen.findByRole('dialog', { name: 'Create New Listing' })
}

describe('my listings', () => {
  it('lists listings with the spec columns and filters by status through the API', async () => {
    const { calls } = renderCarrier('/carrier#listings', {
      'GET /api/carrier/me/listings': (req) => ({
        body: req.url.includes('status=expired')
          ? [makeListing({ id: 6, status: 'expired' })]
          : [makeListing()],
      }),
    })
    const table = await screen.findByRole('table', { name: 'Listings' }, FIRST_PAINT)
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual([
      'Date Created',
      'Route',
      'Truck',
      'Rate/Mile/Pallet',
      'Max Pallets',
      'Available Date',
      'Status',
      'Actions',
    ])
    const row = within(table).getByRole('row', { name: 'Listing Chicago, IL → Detroit, MI' })
    expect(within(row).getByText('$2.50')).toBeInTheDocument()
    expect(within(row).getByText('Mar 10, 2025')).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Archive' })).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: 'Reactivate' })).toBeNull()

    const filter = screen.getByLabelText('Status')
    expect([...(filter as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'All Listings',
      'Active',
      'Booked',
      'Expired',
    ])
    fireEvent.change(filter, { target: { value: 'expired' } })
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument()
    expect(requestsTo(calls, 'GET', '/api/carrier/me/listings').map((c) => c.url)).toContain(
      '/api/carrier/me/listings?status=expired'
    )
  })

  it('shows "No listings found" when there are none', async () => {
    renderCarrier('/carrier#listings', { 'GET /api/carrier/me/listings': { body: [] } })
    expect(await screen.findByText('No listings found', {}, FIRST_PAINT)).toBeInTheDocument()
  })

  it('archives an active listing and reactivates it, revalidating the list', async () => {
    let listing: Listing = makeListing()
    const { calls } = renderCarrier('/carrier#listings', {
      'GET /api/carrier/me/listings': () => ({ body: [listing] }),
      'PUT /api/listings/5/status': (req) => {
        listing = { ...listing, status: (req.body as { status: Listing['status'] }).status }
        return { body: listing }
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }, FIRST_PAINT))
    expect(
      (await screen.findAllByText('Listing status updated successfully')).length
    ).toBeGreaterThan(0)
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate' }))
    await screen.findByRole('button', { name: 'Archive' })
    expect(requestsTo(calls, 'PUT', '/api/listings/5/status').map((c) => c.body)).toEqual([
      { status: 'expired' },
      { status: 'active' },
    ])
  })

  it('toasts Error with the server message when a status change is refused', async () => {
    renderCarrier('/carrier#listings', {
      'GET /api/carrier/me/listings': { body: [makeListing()] },
      'PUT /api/listings/5/status': {
        status: 409,
        body: { message: 'A booked listing cannot be changed' },
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }, FIRST_PAINT))
    expect((await screen.findAllByText('Error')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('A booked listing cannot be changed').length).toBeGreaterThan(0)
  })

  it('opens the details of a listing with every field', async () => {
    renderCarrier('/carrier#listings', {
      'GET /api/carrier/me/listings': { body: [makeListing()] },
    })
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'View details of listing Chicago, IL → Detroit, MI' },
        FIRST_PAINT
      )
    )
    const dialog = await screen.findByRole('dialog', { name: 'Listing details' })
    for (const text of [
      '100 miles',
      '80 miles',
      'Chicago, IL',
      'Detroit, MI 48201',
      '41.8781, -87.6298',
    ])
      expect(within(dialog).getByText(text)).toBeInTheDocument()
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling
    expect(value('Booked pallets')).toHaveTextContent('2')
    expect(value('Available pallets')).toHaveTextContent('8')
    expect(value('Max pallets')).toHaveTextContent('10')
  })
})

describe('create new listing', () => {
  const routes = (post = (): { status: number; body: unknown } => ({ status: 201, body: {} })) => ({
    'GET /api/carrier/me/listings': { body: [] },
    'GET /api/trucks': {
      body: [makeTruck(), makeTruck({ id: 2, licensePlate: 'TX-1', capacity: 6 })],
    },
    'POST /api/listings': post,
  })

  it('starts with the spec defaults', async () => {
    renderCarrier('/carrier#listings', routes())
    const dialog = await openCreateDialog()
    expect(within(dialog).getByLabelText('Pickup Radius (miles)')).toHaveValue(100)
    expect(within(dialog).getByLabelText('Delivery Radius (miles)')).toHaveValue(80)
    expect(within(dialog).getByLabelText('Rate per Mile per Pallet ($)')).toHaveValue(0)
    expect(within(dialog).getByLabelText('Max Pallets')).toHaveValue(1)
    expect(within(dialog).getByLabelText('Truck')).toHaveValue('')
    expect(within(dialog).getByLabelText('Available Date')).toHaveValue('')
  })

  it('shows every docs/spec.md §5 message and sends nothing', async () => {
    const { calls } = renderCarrier('/carrier#listings', routes())
    const dialog = await openCreateDialog()
    type('Pickup Radius (miles)', '0', dialog)
    type('Delivery Radius (miles)', '', dialog)
    type('Max Pallets', '0', dialog)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }))
    for (const message of [
      'Please select a truck',
      'Pickup address is required',
      'Pickup radius must be at least 1 mile',
      'Delivery address is required',
      'Delivery radius must be at least 1 mile',
      'Rate must be greater than 0',
      'Must allow at least 1 pallet',
      'Available date is required',
    ])
      expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/listings')).toHaveLength(0)
  })

  it('checks max pallets against the chosen truck', async () => {
    renderCarrier('/carrier#listings', routes())
    const dialog = await openCreateDialog()
    await within(dialog).findByRole('option', { name: /TX-1/ })
    type('Truck', '2', dialog)
    type('Max Pallets', '7', dialog)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }))
    expect(
      await within(dialog).findByText("Max pallets cannot exceed the truck's capacity of 6 pallets")
    ).toBeInTheDocument()
  })

  it('sends numbers as numbers and shows the geocoder message under its field', async () => {
    const { calls } = renderCarrier(
      '/carrier#listings',
      routes(() => ({
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            {
              field: 'deliveryAddress',
              message: 'We could not find "Nowhere, ZZ". Try a city and state or a ZIP code.',
              rule: 'geocode',
            },
          ],
        },
      }))
    )
    const dialog = await openCreateDialog()
    await within(dialog).findByRole('option', { name: /IL-12345/ })
    type('Truck', '1', dialog)
    type('Pickup Address', 'Chicago, IL', dialog)
    type('Delivery Address', 'Nowhere, ZZ', dialog)
    type('Rate per Mile per Pallet ($)', '2.75', dialog)
    type('Max Pallets', '8', dialog)
    type('Available Date', '2025-04-01', dialog)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }))
    expect(
      await within(dialog).findByText(
        'We could not find "Nowhere, ZZ". Try a city and state or a ZIP code.'
      )
    ).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Delivery Address')).toHaveAttribute(
      'aria-invalid',
      'true'
    )
    expect((await screen.findAllByText('Error')).length).toBeGreaterThan(0)
    expect(requestsTo(calls, 'POST', '/api/listings')[0].body).toEqual({
      truckId: 1,
      pickupAddress: 'Chicago, IL',
      pickupRadius: 100,
      deliveryAddress: 'Nowhere, ZZ',
      deliveryRadius: 80,
      ratePerMilePerPallet: 2.75,
      maxPallets: 8,
      availableDate: '2025-04-01',
    })
  })

  it('creates a listing, toasts and shows it in the list', async () => {
    let listings: Listing[] = []
    renderCarrier('/carrier#listings', {
      ...routes(),
      'GET /api/carrier/me/listings': () => ({ body: listings }),
      'POST /api/listings': () => {
        listings = [makeListing()]
        return { status: 201, body: listings[0] }
      },
    })
    const dialog = await openCreateDialog()
    await within(dialog).findByRole('option', { name: /IL-12345/ })
    type('Truck', '1', dialog)
    type('Pickup Address', 'Chicago, IL', dialog)
    type('Delivery Address', '48201', dialog)
    type('Rate per Mile per Pallet ($)', '2.5', dialog)
    type('Available Date', '2025-03-10', dialog)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }))
    expect((await screen.findAllByText('Listing created successfully')).length).toBeGreaterThan(0)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(
      await screen.findByRole('row', { name: 'Listing Chicago, IL → Detroit, MI' })
    ).toBeInTheDocument()
  })
})
