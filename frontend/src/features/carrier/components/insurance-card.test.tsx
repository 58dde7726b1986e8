import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
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

const vetting = {
  driver: 'census_file',
  trigger: 'insurance',
  result: 'pass',
  verified: true,
  checkedAt: '2026-05-01T14:00:00.000Z',
  checks: [
    {
      key: 'insurance_certificate',
      label: 'Insurance certificate uploaded and not expired',
      result: 'pass',
      reason: 'Certificate on file, valid through 2027-04-30',
    },
  ],
}

const none = { hasCertificate: false, expiresOn: null, verified: false, vetting: null }

const insuranceForm = () => screen.findByText('Insurance & vetting', {}, FIRST_PAINT)

describe('carrier insurance certificate', () => {
  it('checks the file and expiry first, then uploads and shows the new vetting', async () => {
    const { calls } = renderCarrier('/carrier#profile', {
      'GET /api/carrier/profile': { body: company },
      'GET /api/carrier/insurance': { body: none },
      'POST /api/carrier/insurance': {
        status: 201,
        body: { hasCertificate: true, expiresOn: '2027-04-30', verified: true, vetting },
      },
    })
    await insuranceForm()
    expect(await screen.findByText('No certificate uploaded yet')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Upload certificate' }))
    expect(await screen.findByText('A file is required')).toBeInTheDocument()
    expect(screen.getByText('Expiry date is required')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/carrier/insurance')).toHaveLength(0)

    const file = new File(['%PDF-1.4'], 'coi.pdf', { type: 'application/pdf' })
    fireEvent.change(screen.getByLabelText('Certificate (PDF, JPEG or PNG, up to 10 MB)'), {
      target: { files: [file] },
    })
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '2027-04-30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Upload certificate' }))
    await waitFor(() => expect(requestsTo(calls, 'POST', '/api/carrier/insurance')).toHaveLength(1))
    const vettingRegion = await screen.findByRole('region', { name: 'FMCSA vetting' })
    expect(
      within(vettingRegion).getByText('Certificate on file, valid through 2027-04-30')
    ).toBeInTheDocument()
    expect(screen.getByText('Verified')).toBeInTheDocument()
    expect(screen.getByText(/Certificate on file, expires/)).toBeInTheDocument()
  })

  it('shows the server’s refusal under its field', async () => {
    renderCarrier('/carrier#profile', {
      'GET /api/carrier/profile': { body: company },
      'GET /api/carrier/insurance': { body: none },
      'POST /api/carrier/insurance': {
        status: 422,
        body: {
          message: 'The file must be a PDF, JPEG or PNG, named with its own extension',
          errors: [
            {
              field: 'file',
              message: 'The file must be a PDF, JPEG or PNG, named with its own extension',
              rule: 'fileType',
            },
          ],
        },
      },
    })
    await insuranceForm()
    const file = new File(['MZ'], 'coi.pdf', { type: 'application/pdf' })
    fireEvent.change(screen.getByLabelText('Certificate (PDF, JPEG or PNG, up to 10 MB)'), {
      target: { files: [file] },
    })
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '2027-04-30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Upload certificate' }))
    expect(
      (
        await screen.findAllByText(
          'The file must be a PDF, JPEG or PNG, named with its own extension'
        )
      ).length
    ).toBeGreaterThan(0)
  })
})
