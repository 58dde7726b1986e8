import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { requestsTo } from '@/testing/mock-fetch'
import { FIRST_PAINT, makeQuote, renderTms } from '@/features/tms/testing/fixtures'

const form = () => screen.findByRole('form', { name: 'Rate comparison' }, FIRST_PAINT)

function fillLane(origin = '60601', destination = '48201') {
  fireEvent.change(screen.getByLabelText('Origin postal code'), { target: { value: origin } })
  fireEvent.change(screen.getByLabelText('Destination postal code'), {
    target: { value: destination },
  })
}

const network = makeQuote({
  id: 40,
  carrier: 'PalletLine Network',
  provider: 'lane_model',
  service_level: 'STANDARD',
  total: 480,
  line_items: [
    { code: 'LINEHAUL', amount: 430 },
    { code: 'FSC', amount: 50 },
  ],
})

describe('TMS rate comparison', () => {
  it('defaults weight to the server’s 1000 lbs and mode to LTL, with Truckload and Expedited', async () => {
    renderTms('shipper')
    await form()
    expect(screen.getByRole('tab', { name: 'Rate Comparison' })).toHaveAttribute(
      'aria-selected',
      'true'
    )
    await waitFor(() => expect(screen.getByLabelText('Weight (lbs)')).toHaveValue(1000))
    expect(screen.getByLabelText('Weight (lbs)')).toHaveAttribute('max', '45000')
    const mode = screen.getByLabelText('Mode')
    expect(mode).toHaveValue('LTL')
    expect(
      within(mode)
        .getAllByRole('option')
        .map((o) => o.textContent)
    ).toEqual(['LTL', 'Truckload', 'Expedited'])
    expect(screen.getByText('No comparison yet')).toBeInTheDocument()
  })

  it('compares, toasts Quotes Retrieved: Found N quotes, and expands line items', async () => {
    const { calls } = renderTms('shipper', {
      'POST /api/tms/quotes': {
        body: {
          quotes: [network, makeQuote()],
          unavailable: [{ provider: 'expedite_partner', reason: 'No answer within 3 s' }],
        },
      },
    })
    await form()
    fillLane()
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'TL' } })
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }))

    expect(await screen.findByText('Quotes Retrieved')).toBeInTheDocument()
    expect(screen.getByText('Found 2 quotes')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/tms/quotes')[0].body).toEqual({
      origin: { postal: '60601' },
      destination: { postal: '48201' },
      // the weight shown was not touched: the server applies its default (decision 0201)
      weight_lbs: null,
      mode: 'TL',
    })
    expect(screen.getByText('Expedited partner: No answer within 3 s')).toBeInTheDocument()

    const quote = screen.getByRole('group', { name: 'Great Lakes Freight quote' })
    expect(within(quote).getByText('LTL')).toBeInTheDocument()
    expect(within(quote).getByText('Standard')).toBeInTheDocument()
    expect(within(quote).getByText('2 days')).toBeInTheDocument()
    expect(within(quote).getByText('93% on time')).toBeInTheDocument()
    expect(within(quote).getAllByText('$512.40')[0]).toBeInTheDocument()

    const toggle = within(quote).getByRole('button', { name: 'Show line items' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(within(quote).queryByRole('table')).not.toBeInTheDocument()
    fireEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const items = within(quote).getByRole('table', { name: 'Great Lakes Freight line items' })
    const rows = within(items)
      .getAllByRole('row')
      .map((r) => r.textContent)
    expect(rows).toEqual([
      'CodeAmount',
      'Line haul (LINEHAUL)$430.00',
      'Fuel surcharge (FSC)$57.40',
      'LIFTGATE$25.00',
      'Total$512.40',
    ])
    fireEvent.click(within(quote).getByRole('button', { name: 'Hide line items' }))
    expect(within(quote).queryByRole('table')).not.toBeInTheDocument()

    // A shipper books partner quotes here; network quotes from Search.
    expect(within(quote).getByRole('button', { name: 'Book' })).toBeInTheDocument()
    const own = screen.getByRole('group', { name: 'PalletLine Network quote' })
    expect(within(own).queryByRole('button', { name: 'Book' })).not.toBeInTheDocument()
    expect(within(own).getByRole('link', { name: 'Book from Search' })).toHaveAttribute(
      'href',
      '/shipper#search'
    )
  })

  it('shows the 422 messages on their fields and toasts Error: Failed to fetch quotes', async () => {
    renderTms('shipper', {
      'POST /api/tms/quotes': {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            { field: 'origin.postal', message: 'Origin postal code not found' },
            {
              field: 'weight_lbs',
              message: 'Weight must be a whole number of pounds from 1 to 45,000',
            },
          ],
        },
      },
    })
    await form()
    fillLane('00000')
    fireEvent.change(screen.getByLabelText('Weight (lbs)'), { target: { value: '99999' } })
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }))
    expect(await screen.findByText('Origin postal code not found')).toBeInTheDocument()
    expect(
      screen.getByText('Weight must be a whole number of pounds from 1 to 45,000')
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Origin postal code')).toHaveAttribute('aria-invalid', 'true')
    // The toaster is loaded with the first toast (decision 0219): the toast arrives after it.
    expect(await screen.findByText('Failed to fetch quotes')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
  })

  it('asks for both postal codes before calling the API', async () => {
    const { calls } = renderTms('shipper')
    await form()
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }))
    expect(
      await screen.findAllByText(
        'Missing Information: Please enter both origin and destination postal codes'
      )
    ).toHaveLength(2)
    expect(requestsTo(calls, 'POST', '/api/tms/quotes')).toHaveLength(0)
  })

  it('toasts Error: Failed to fetch quotes when the server fails', async () => {
    renderTms('carrier', { 'POST /api/tms/quotes': { status: 500, body: { message: 'boom' } } })
    await form()
    fillLane()
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }))
    expect(await screen.findByText('Failed to fetch quotes')).toBeInTheDocument()
    expect(screen.getByText('No quotes')).toBeInTheDocument()
  })

  it('carriers see quotes without Book buttons', async () => {
    renderTms('carrier', {
      'POST /api/tms/quotes': { body: { quotes: [makeQuote()], unavailable: [] } },
    })
    await form()
    fillLane()
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }))
    expect(await screen.findByText('Found 1 quotes')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Book' })).not.toBeInTheDocument()
  })

  it('books a partner quote and goes to its payment page', async () => {
    const { calls, router } = renderTms('shipper', {
      'POST /api/tms/quotes': { body: { quotes: [makeQuote()], unavailable: [] } },
      'POST /api/tms/quotes/41/book': {
        status: 201,
        body: { booking_id: 77, reference: 'TRT-077', payment_url: '/payment/77' },
      },
    })
    await form()
    fillLane()
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Book' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Pickup date')).not.toHaveValue('')
    expect(within(dialog).getByLabelText('Pallets (optional)')).toHaveAttribute('max', '26')
    expect(
      within(dialog).getByText('Default: one per started 1,000 lb, at most 26')
    ).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Pallets (optional)'), {
      target: { value: '2' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book and pay' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/77'))
    const body = requestsTo(calls, 'POST', '/api/tms/quotes/41/book')[0].body as Record<
      string,
      unknown
    >
    expect(body.pallets).toBe(2)
    expect(body.pickup_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('books a partner quote with its freight: the class of the quoted weight as typed (decision 0257)', async () => {
    const { calls, router } = renderTms('shipper', {
      'POST /api/tms/quotes': { body: { quotes: [makeQuote()], unavailable: [] } },
      'POST /api/tms/quotes/41/book': {
        status: 201,
        body: { booking_id: 77, reference: 'TRT-077', payment_url: '/payment/77' },
      },
    })
    await form()
    fillLane()
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Book' }))
    const dialog = await screen.findByRole('dialog')
    const preview = within(dialog).getByRole('status', { name: 'Density and freight class' })
    // The quote's weight is shown, not asked: 1,000 lb on one 48 x 40 x 60 in pallet, class 70.
    expect(within(dialog).getByText(/as quoted/)).toHaveTextContent('Weight 1,000 lb, as quoted')
    expect(within(dialog).queryByLabelText('Weight (lbs)')).toBeNull()
    expect(preview).toHaveTextContent('NMFC class 70')
    fireEvent.change(within(dialog).getByLabelText('Height (in)'), { target: { value: '40' } })
    // Exactly 22.5 lb/cu ft: class 65.
    expect(preview).toHaveTextContent('Density 22.5 lb/cu ft')
    expect(preview).toHaveTextContent('NMFC class 65')
    fireEvent.change(within(dialog).getByLabelText('Commodity'), {
      target: { value: 'Aerosol cans' },
    })
    fireEvent.click(within(dialog).getByLabelText('Hazardous materials (hazmat)'))
    fireEvent.change(within(dialog).getByLabelText('UN number'), { target: { value: 'un1950' } })
    fireEvent.change(within(dialog).getByLabelText('Hazard class'), { target: { value: '2.1' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book and pay' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/77'))
    const body = requestsTo(calls, 'POST', '/api/tms/quotes/41/book')[0].body as Record<
      string,
      unknown
    >
    expect(body).not.toHaveProperty('weightLbs')
    expect(body.freight).toEqual({
      commodity: 'Aerosol cans',
      pieces: null,
      packaging: 'PALLET',
      consignee: null,
      dims: { l: null, w: null, h: 40 },
      hazmat: { unNumber: 'UN1950', hazardClass: '2.1' },
    })
  })

  it('shows a refused booking in the dialog', async () => {
    renderTms('shipper', {
      'POST /api/tms/quotes': { body: { quotes: [makeQuote()], unavailable: [] } },
      'POST /api/tms/quotes/41/book': {
        status: 409,
        body: { message: 'This quote expired at 10:00: compare rates again' },
      },
    })
    await form()
    fillLane()
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Book' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book and pay' }))
    expect(
      await within(dialog).findByText('This quote expired at 10:00: compare rates again')
    ).toBeInTheDocument()
  })
})
