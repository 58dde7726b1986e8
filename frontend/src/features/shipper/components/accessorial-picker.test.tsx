import * as React from 'react'
import { describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { mockFetch } from '@/testing/mock-fetch'
import { renderWithProviders } from '@/testing/test-utils'
import { AccessorialPicker } from '@/features/shipper/components/accessorial-picker'

function Harness() {
  const [codes, setCodes] = React.useState<string[]>([])
  return (
    <>
      <AccessorialPicker value={codes} onChange={setCodes} />
      <output aria-label="chosen">{codes.join(',')}</output>
    </>
  )
}

describe('Accessorials asked for at booking', () => {
  it('lists the price list without detention and toggles codes', async () => {
    mockFetch({
      'GET /api/accessorials': {
        body: {
          accessorials: [
            { code: 'APPT', description: 'Appointment', defaultPrice: 25 },
            { code: 'DETENTION_HR', description: 'Detention, per hour', defaultPrice: 75 },
            { code: 'LIFTGATE', description: 'Liftgate', defaultPrice: 75 },
          ],
        },
      },
    })
    renderWithProviders(<Harness />)
    const liftgate = await screen.findByLabelText('Liftgate ($75.00)')
    expect(screen.queryByText(/Detention/)).toBeNull()
    fireEvent.click(liftgate)
    fireEvent.click(screen.getByLabelText('Appointment ($25.00)'))
    expect(screen.getByLabelText('chosen').textContent).toBe('LIFTGATE,APPT')
    fireEvent.click(liftgate)
    expect(screen.getByLabelText('chosen').textContent).toBe('APPT')
  })
})
