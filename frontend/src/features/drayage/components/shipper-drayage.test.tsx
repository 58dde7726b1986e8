import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { ShipperDrayage } from '@/features/drayage/components/shipper-drayage'
import { FIRST_PAINT, makeMove, makeTerminal } from '@/features/drayage/testing/fixtures'

describe('Shipper drayage', () => {
  it('lists moves with their last free day, days left and accrued charges', async () => {
    mockFetch({
      'GET /api/drayage/terminals': { body: [makeTerminal()] },
      'GET /api/drayage/moves': {
        body: [
          makeMove({
            status: 'ACCEPTED',
            carrierName: 'Verified carrier #4821',
            daysLeft: -2,
            demurrageDays: 2,
            totalDemurrage: 350,
            charges: [
              {
                code: 'DEMURRAGE',
                description: 'Demurrage days 1-2 at $175.00/day',
                days: 2,
                unitPrice: 175,
                amount: 350,
                from: '2026-03-08',
                to: '2026-03-09',
              },
            ],
          }),
        ],
      },
    })
    renderWithProviders(<ShipperDrayage today="2026-03-09" />)
    const card = await screen.findByRole('article', { name: 'Drayage move DRY-007' }, FIRST_PAINT)
    expect(card).toHaveTextContent('CSQU3054383')
    expect(card).toHaveTextContent('Mar 7, 2026')
    expect(card).toHaveTextContent('2 days past the last free day')
    expect(card).toHaveTextContent('Verified carrier #4821')
    // The shipper sees the line-haul price the server computed (docs/decisions/0187).
    expect(card).toHaveTextContent('Price$450.007.7 mi line haul')
    expect(within(card).getByRole('list', { name: 'Charges' })).toHaveTextContent('$350.00')
    expect(
      within(card).getByRole('img', { name: /Free at the terminal: 2 days, Demurrage: 2 days/ })
    ).toBeInTheDocument()
  })

  it('checks the form, sends the move and shows the server’s field errors', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/drayage/terminals': { body: [makeTerminal()] },
      'GET /api/drayage/moves': { body: [] },
      'POST /api/drayage/moves': {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            {
              field: 'containerNo',
              message: 'Container number check digit does not match (ISO 6346)',
              rule: 'checkDigit',
            },
          ],
        },
      },
    })
    renderWithProviders(<ShipperDrayage today="2026-03-05" />)
    expect(
      await screen.findByText('No drayage moves yet', undefined, FIRST_PAINT)
    ).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Create drayage move' }))
    expect(await screen.findByText('Container number is required')).toBeInTheDocument()
    expect(screen.getByText('Please select a terminal')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/drayage/moves')).toHaveLength(0)

    await screen.findByRole('option', { name: 'Long Beach Container Terminal (LBCT)' })
    fireEvent.change(screen.getByLabelText('Container number'), {
      target: { value: 'CSQU3054384' },
    })
    fireEvent.change(screen.getByLabelText('Terminal'), { target: { value: 'LBCT' } })
    fireEvent.change(screen.getByLabelText('Delivery address'), {
      target: { value: '2400 E Artesia Blvd, Long Beach, CA 90805' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Create drayage move' }))
    expect(
      await screen.findByText('Container number check digit does not match (ISO 6346)')
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/drayage/moves')[0].body).toEqual({
      containerNo: 'CSQU3054384',
      terminalCode: 'LBCT',
      availableOn: '2026-03-05',
      deliveryAddress: '2400 E Artesia Blvd, Long Beach, CA 90805',
    })
  })
})
