import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { AssignExpeditedDriver, AssignMoveDriver } from '@/features/team/components/assign-driver'

const TOM = { memberId: 11, firstName: 'Tom', lastName: 'Brennan', email: 'tom@carriers.test' }
const ANA = { memberId: 12, firstName: 'Ana', lastName: null, email: 'ana@carriers.test' }
const FIRST_PAINT = { timeout: 5000 }

const move = (overrides: { status?: string; driver?: typeof TOM | null } = {}) => ({
  id: 8,
  reference: 'DRY-008',
  status: 'ACCEPTED',
  driver: null,
  ...overrides,
})

describe('Assign driver on a drayage move (decision 0246)', () => {
  it("lists the company's drivers and puts the move on the one chosen", async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/company/drivers': { body: { drivers: [TOM, ANA] } },
      'PUT /api/drayage/moves/8/driver': (req) => ({
        body: {
          driver: (req.body as { memberId: number | null }).memberId === 11 ? TOM : null,
          assignedAt: '2026-03-05T15:00:00.000Z',
        },
      }),
    })
    renderWithProviders(<AssignMoveDriver move={move()} />)
    const select = await screen.findByLabelText('Assign driver', undefined, FIRST_PAINT)
    await screen.findByRole('option', { name: 'Tom Brennan' })
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Unassigned',
      'Tom Brennan',
      'Ana',
    ])
    expect(select).toHaveValue('')

    fireEvent.change(select, { target: { value: '11' } })
    expect(await screen.findByText('DRY-008 is assigned to Tom Brennan.')).toBeInTheDocument()
    expect(requestsTo(calls, 'PUT', '/api/drayage/moves/8/driver')[0].body).toEqual({
      memberId: 11,
    })
  })

  it('names the refusal: a member who is not a driver (422 on memberId), a closed move (409)', async () => {
    setXsrfCookie()
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: { errors: [{ field: 'memberId', message: 'Choose a driver of your company' }] },
    }
    mockFetch({
      'GET /api/company/drivers': { body: { drivers: [TOM] } },
      'PUT /api/drayage/moves/8/driver': () => answer,
    })
    renderWithProviders(<AssignMoveDriver move={move({ status: 'OUT_GATED' })} />)
    const select = await screen.findByLabelText('Assign driver', undefined, FIRST_PAINT)
    await screen.findByRole('option', { name: 'Tom Brennan' })
    fireEvent.change(select, { target: { value: '11' } })
    expect(await screen.findByText('Choose a driver of your company')).toBeInTheDocument()
    expect(screen.getByText('Not assigned')).toBeInTheDocument()

    answer = {
      status: 409,
      body: {
        message: 'Only an accepted or gated-out move takes a driver: unassigning always works',
      },
    }
    await waitFor(() => expect(select).toBeEnabled())
    fireEvent.change(select, { target: { value: '11' } })
    expect(
      await screen.findByText(
        'Only an accepted or gated-out move takes a driver: unassigning always works'
      )
    ).toBeInTheDocument()
  })

  it('is closed on a move that is over, and says when the drivers could not be loaded', async () => {
    setXsrfCookie()
    mockFetch({ 'GET /api/company/drivers': { status: 500, body: { message: 'Server error' } } })
    renderWithProviders(<AssignMoveDriver move={move({ status: 'EMPTY_RETURNED', driver: TOM })} />)
    expect(
      await screen.findByText('The drivers could not be loaded.', undefined, FIRST_PAINT)
    ).toBeInTheDocument()
    const select = screen.getByLabelText('Assign driver')
    expect(select).toBeDisabled()
    // The driver who ran it is still named.
    expect(select).toHaveDisplayValue('Tom Brennan')
  })
})

describe('Assign driver on an expedited job (decision 0237)', () => {
  const job = (status: string, driver: typeof TOM | null = null) => ({
    id: 5,
    reference: 'EXP-005',
    status,
    driver,
  })

  it('puts an accepted job on the driver chosen, and takes it back', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/company/drivers': { body: { drivers: [TOM, ANA] } },
      // The job's PUT answers the whole job, its driver with it.
      'PUT /api/expedited-jobs/5/driver': (req) => ({
        body: {
          ...job('ACCEPTED'),
          driver: (req.body as { memberId: number | null }).memberId === 12 ? ANA : null,
        },
      }),
    })
    renderWithProviders(<AssignExpeditedDriver job={job('ACCEPTED')} />)
    const select = await screen.findByLabelText('Assign driver', undefined, FIRST_PAINT)
    await screen.findByRole('option', { name: 'Ana' })
    fireEvent.change(select, { target: { value: '12' } })
    expect(await screen.findByText('EXP-005 is assigned to Ana.')).toBeInTheDocument()
    await waitFor(() => expect(select).toBeEnabled())
    fireEvent.change(select, { target: { value: '' } })
    expect(await screen.findByText('EXP-005 has no driver now.')).toBeInTheDocument()
    expect(requestsTo(calls, 'PUT', '/api/expedited-jobs/5/driver').map((c) => c.body)).toEqual([
      { memberId: 12 },
      { memberId: null },
    ])
  })

  it('is closed on a delivered job, still naming its driver', async () => {
    mockFetch({ 'GET /api/company/drivers': { body: { drivers: [TOM] } } })
    renderWithProviders(<AssignExpeditedDriver job={job('DELIVERED', TOM)} />)
    const select = await screen.findByLabelText('Assign driver', undefined, FIRST_PAINT)
    await screen.findByRole('option', { name: 'Tom Brennan' })
    expect(select).toBeDisabled()
    expect(select).toHaveDisplayValue('Tom Brennan')
  })
})
