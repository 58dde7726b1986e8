import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Truck } from '@/features/carrier/api/get-trucks'
import { FIRST_PAINT, makeTruck, renderCarrier } from '@/features/carrier/testing/fixtures'
import { requestsTo } from '@/testing/mock-fetch'

const type = (label: string | RegExp, value: string, root: HTMLElement) =>
  fireEvent.change(within(root).getByLabelText(label), { target: { value } })

async function openAddDialog(buttonName: string) {
  fireEvent.click(await screen.findByRole('button', { name: buttonName }, FIRST_PAINT))
  return screen.findByRole('dialog', { name: 'Add Truck' })
}

function fillTruck(dialog: HTMLElement) {
  type('Make', 'Volvo', dialog)
  type('Model', 'VNL 860', dialog)
  type('Year', '2022', dialog)
  type('License Plate', 'MI-777', dialog)
  type('Capacity (pallets)', '26', dialog)
}

describe('fleet management', () => {
  it('shows the empty fleet and refuses an incomplete truck without calling the server', async () => {
    const { calls } = renderCarrier('/carrier#trucks', { 'GET /api/trucks': { body: [] } })
    expect(await screen.findByText('No trucks in your fleet', {}, FIRST_PAINT)).toBeInTheDocument()
    const dialog = await openAddDialog('Add Your First Truck')
    type('Make', 'Volvo', dialog)
    type('Model', 'VNL 860', dialog)
    // Year, plate and capacity are missing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Truck' }))
    expect((await screen.findAllByText('Missing information')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Please fill in all required fields.').length).toBeGreaterThan(0)
    expect(requestsTo(calls, 'POST', '/api/trucks')).toHaveLength(0)
    expect(screen.getByRole('dialog', { name: 'Add Truck' })).toBeInTheDocument()
  })

  it('adds a truck with year and capacity as integers and revalidates the fleet', async () => {
    let fleet: Truck[] = []
    const { calls } = renderCarrier('/carrier#trucks', {
      'GET /api/trucks': () => ({ body: fleet }),
      'POST /api/trucks': (req) => {
        const truck = makeTruck({ id: 9, ...(req.body as Partial<Truck>) })
        fleet = [truck]
        return { status: 201, body: truck }
      },
    })
    const dialog = await openAddDialog('Add Your First Truck')
    // The status of a new truck is fixed: the server starts it as available.
    expect(within(dialog).getByLabelText('Status')).toBeDisabled()
    fillTruck(dialog)
    fireEvent.change(within(dialog).getByLabelText('Truck Type'), {
      target: { value: 'refrigerated' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Truck' }))
    expect((await screen.findAllByText('Truck added successfully')).length).toBeGreaterThan(0)
    const [post] = requestsTo(calls, 'POST', '/api/trucks')
    expect(post.body).toEqual({
      make: 'Volvo',
      model: 'VNL 860',
      year: 2022,
      licensePlate: 'MI-777',
      capacity: 26,
      truckType: 'refrigerated',
    })
    const list = await screen.findByRole('list', { name: 'Trucks' })
    expect(within(list).getByText('2022 Volvo VNL 860')).toBeInTheDocument()
    expect(within(list).getByText('Plate MI-777')).toBeInTheDocument()
    expect(within(list).getByText(/26 pallets/)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows the server message and field errors when adding fails', async () => {
    renderCarrier('/carrier#trucks', {
      'GET /api/trucks': { body: [] },
      'POST /api/trucks': {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            {
              field: 'licensePlate',
              message: 'You already have a truck with this license plate',
              rule: 'unique',
            },
          ],
        },
      },
    })
    const dialog = await openAddDialog('Add Your First Truck')
    fillTruck(dialog)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Truck' }))
    expect((await screen.findAllByText('Failed to add truck')).length).toBeGreaterThan(0)
    expect(
      await within(dialog).findByText('You already have a truck with this license plate')
    ).toBeInTheDocument()
    expect(within(dialog).getByLabelText('License Plate')).toHaveAttribute('aria-invalid', 'true')
  })

  it('edits a truck, status included', async () => {
    let fleet = [makeTruck()]
    const { calls } = renderCarrier('/carrier#trucks', {
      'GET /api/trucks': () => ({ body: fleet }),
      'PUT /api/trucks/1': (req) => {
        fleet = [makeTruck(req.body as Partial<Truck>)]
        return { body: fleet[0] }
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit truck IL-12345' }, FIRST_PAINT))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Truck' })
    expect(within(dialog).getByLabelText('Make')).toHaveValue('Freightliner')
    expect(within(dialog).getByLabelText('Capacity (pallets)')).toHaveValue(12)
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'maintenance' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect((await screen.findAllByText('Truck updated successfully')).length).toBeGreaterThan(0)
    expect(requestsTo(calls, 'PUT', '/api/trucks/1')[0].body).toEqual({
      make: 'Freightliner',
      model: 'M2 106',
      year: 2021,
      licensePlate: 'IL-12345',
      capacity: 12,
      truckType: 'dry_van',
      status: 'maintenance',
    })
    expect(await screen.findByText('Maintenance')).toBeInTheDocument()
  })

  it('asks before deleting and reports a refusal with the server message', async () => {
    const { calls } = renderCarrier('/carrier#trucks', {
      'GET /api/trucks': { body: [makeTruck()] },
      'DELETE /api/trucks/1': {
        status: 409,
        body: {
          message: 'This truck is used by active listings or open bookings and cannot be deleted',
        },
      },
    })
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete truck IL-12345' }, FIRST_PAINT)
    )
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText('Are you sure you want to delete this truck?')).toBeVisible()
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect((await screen.findAllByText('Failed to delete truck')).length).toBeGreaterThan(0)
    expect(
      screen.getAllByText(
        'This truck is used by active listings or open bookings and cannot be deleted'
      ).length
    ).toBeGreaterThan(0)
    expect(requestsTo(calls, 'DELETE', '/api/trucks/1')).toHaveLength(1)
  })

  it('deletes a truck once confirmed', async () => {
    let fleet = [makeTruck()]
    renderCarrier('/carrier#trucks', {
      'GET /api/trucks': () => ({ body: fleet }),
      'DELETE /api/trucks/1': () => {
        fleet = []
        return { status: 204 }
      },
    })
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete truck IL-12345' }, FIRST_PAINT)
    )
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' })
    )
    expect((await screen.findAllByText('Truck deleted successfully')).length).toBeGreaterThan(0)
    await waitFor(() => expect(screen.getByText('No trucks in your fleet')).toBeInTheDocument())
  })

  it('shows an error with a retry when the fleet cannot be loaded', async () => {
    renderCarrier('/carrier#trucks', {
      'GET /api/trucks': { status: 500, body: { message: 'Internal server error' } },
    })
    expect(
      await screen.findByText('Could not load your trucks', {}, FIRST_PAINT)
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
