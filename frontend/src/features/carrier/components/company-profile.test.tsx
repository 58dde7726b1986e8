import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { requestsTo } from '@/testing/mock-fetch'
import { FIRST_PAINT, renderCarrier } from '@/features/carrier/testing/fixtures'

const company = {
  id: 4,
  userId: 3,
  companyName: 'Motor City Haulers LLC',
  dotNumber: '3141592',
  mcNumber: 'MC271828',
  businessAddress: '1 Woodward Ave',
  city: 'Detroit',
  state: 'MI',
  zipCode: '48226',
}

const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } })

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit company' }, FIRST_PAINT))
  return screen.getByRole('form', { name: 'Edit company' })
}

describe('carrier company profile: edit the address', () => {
  it('keeps the company name, DOT and MC read-only and checks the address first', async () => {
    const { calls } = renderCarrier('/carrier#profile', {
      'GET /api/carrier/profile': { body: company },
    })
    // The route puts the signed-in account's own card under the company.
    expect(
      await screen.findByText('The carrier account you are signed in with.', {}, FIRST_PAINT)
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Account details')).toHaveTextContent('Cora')
    const form = await openEditor()
    expect(within(form).getByLabelText('Business address')).toHaveFocus()
    expect(within(form).getByLabelText('State')).toHaveValue('MI')
    expect(within(form).getByLabelText('Checked at approval')).toHaveTextContent(
      'Motor City Haulers LLC'
    )
    expect(within(form).queryByLabelText('Company name')).not.toBeInTheDocument()
    expect(within(form).getByText(/Contact support to change the company name/)).toBeInTheDocument()
    fill(form, 'Business address', ' ')
    fill(form, 'City', '')
    fireEvent.change(within(form).getByLabelText('State'), { target: { value: '' } })
    fill(form, 'ZIP code', '4822')
    fireEvent.click(within(form).getByRole('button', { name: 'Save company' }))
    expect(await within(form).findByText('Business address is required')).toBeInTheDocument()
    expect(within(form).getByText('City is required')).toBeInTheDocument()
    expect(within(form).getByText('State must be a two-letter US state code')).toBeInTheDocument()
    expect(within(form).getByText('ZIP code must have 5 digits')).toBeInTheDocument()
    expect(requestsTo(calls, 'PUT', '/api/carrier/profile')).toHaveLength(0)
  })

  it('saves the new address and shows it; a server refusal stays under its field', async () => {
    let refuse = true
    const { calls } = renderCarrier('/carrier#profile', {
      'GET /api/carrier/profile': { body: company },
      'PUT /api/carrier/profile': (req) =>
        refuse
          ? {
              status: 422,
              body: {
                message: 'Validation failed',
                errors: [
                  { field: 'zipCode', message: 'ZIP code must have 5 digits', rule: 'regex' },
                ],
              },
            }
          : { body: { ...company, ...(req.body as object) } },
    })
    const form = await openEditor()
    fill(form, 'Business address', '2200 S Halsted St')
    fill(form, 'City', 'Chicago')
    fireEvent.change(within(form).getByLabelText('State'), { target: { value: 'IL' } })
    fill(form, 'ZIP code', '60608')
    fireEvent.click(within(form).getByRole('button', { name: 'Save company' }))
    expect(await within(form).findByText('ZIP code must have 5 digits')).toBeInTheDocument()

    refuse = false
    fireEvent.click(within(form).getByRole('button', { name: 'Save company' }))
    expect((await screen.findAllByText('Company profile saved')).length).toBeGreaterThan(0)
    expect(requestsTo(calls, 'PUT', '/api/carrier/profile').at(-1)!.body).toEqual({
      businessAddress: '2200 S Halsted St',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60608',
    })
    const details = screen.getByLabelText('Company details')
    expect(details).toHaveTextContent('Chicago, IL 60608')
    expect(details).toHaveTextContent('2200 S Halsted St')
  })
})
