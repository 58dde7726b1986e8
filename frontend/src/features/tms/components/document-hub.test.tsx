import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { requestsTo } from '@/testing/mock-fetch'
import { FIRST_PAINT, makeDocument, openTab, renderTms } from '@/features/tms/testing/fixtures'

const page = (data: unknown[], currentPage = 1, lastPage = 1) => ({
  body: { data, meta: { total: data.length, perPage: 10, currentPage, lastPage } },
})

describe('TMS document hub', () => {
  it('lists documents with download links, filters by type and shipment, and pages', async () => {
    const { calls } = renderTms('shipper', {
      'GET /api/tms/documents': (req) => {
        const q = new URL(req.url, 'http://x').searchParams
        if (q.get('page') === '2') return page([makeDocument({ id: 9, fileName: 'old.pdf' })], 2, 2)
        if (q.get('type') === 'INVOICE') return page([])
        return page(
          [
            makeDocument(),
            makeDocument({
              id: 6,
              type: 'POD',
              fileName: 'pod.jpg',
              mimeType: 'image/jpeg',
              stopNumber: 2,
              downloadUrl: '/api/tms/documents/6/download',
            }),
          ],
          1,
          2
        )
      },
    })
    await openTab('Document Hub')
    expect(screen.queryByText(/Coming Soon/i)).not.toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Documents' }, FIRST_PAINT)
    const items = within(list).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Bill of lading')
    expect(items[0]).toHaveTextContent('TRT-042')
    const link = within(items[0]).getByRole('link', { name: /Download/ })
    expect(link).toHaveAttribute('href', '/api/tms/documents/5/download')
    expect(link).toHaveAttribute('download', 'BOL-TRT-042.pdf')
    expect(items[1]).toHaveTextContent('Proof of delivery')
    expect(items[1]).toHaveTextContent('Stop 2')
    // Carriers upload; shippers do not see the form.
    expect(screen.queryByRole('form', { name: 'Upload document' })).not.toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('old.pdf')).toBeInTheDocument()
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'INVOICE' } })
    expect(await screen.findByText('No document matches these filters.')).toBeInTheDocument()

    fireEvent.change(screen.getByLabelText('Shipment'), { target: { value: 'TRT-042' } })
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'GET', '/api/tms/documents').at(-1)?.url).toBe(
        '/api/tms/documents?type=INVOICE&shipment=TRT-042&page=1&perPage=10'
      )
    )
  })

  it('lists an expedited job’s signed POD beside the bookings’ documents, with no bundle for it', async () => {
    renderTms('shipper', {
      'GET /api/tms/documents': page([
        makeDocument({
          id: 5,
          type: 'POD',
          subject: 'expedited_job',
          shipmentId: 7,
          shipmentReference: 'EXP-007',
          fileName: 'pod-EXP-007.pdf',
          stopNumber: 2,
          downloadUrl: '/api/expedited-jobs/7/pod',
        }),
        makeDocument(),
      ]),
    })
    await openTab('Document Hub')
    const list = await screen.findByRole('list', { name: 'Documents' }, FIRST_PAINT)
    const items = within(list).getAllByRole('listitem')
    // Same id, two subjects: both rows.
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Proof of delivery')
    expect(items[0]).toHaveTextContent('EXP-007 · Expedited job · Stop 2')
    expect(within(items[0]).getByRole('link', { name: /Download/ })).toHaveAttribute(
      'href',
      '/api/expedited-jobs/7/pod'
    )
    const bundles = screen.getByRole('region', { name: 'Everything of a booking' })
    expect(bundles).toHaveTextContent('TRT-042')
    expect(bundles).not.toHaveTextContent('EXP-007')
  })

  it('names every type the hub lists, the rate confirmation too, and filters by it', async () => {
    const { calls } = renderTms('carrier', {
      'GET /api/tms/documents': page([
        makeDocument({
          id: 7,
          type: 'RATE_CONFIRMATION',
          fileName: 'rate-confirmation-RC-2026-0000042.pdf',
        }),
      ]),
    })
    await openTab('Document Hub')
    const list = await screen.findByRole('list', { name: 'Documents' }, FIRST_PAINT)
    const [item] = within(list).getAllByRole('listitem')
    expect(item).toHaveTextContent('Rate confirmation')
    expect(item).not.toHaveTextContent('RATE_CONFIRMATION')
    const type = screen.getByLabelText('Type')
    expect(within(type).getByRole('option', { name: 'Rate confirmation' })).toHaveValue(
      'RATE_CONFIRMATION'
    )
    fireEvent.change(type, { target: { value: 'RATE_CONFIRMATION' } })
    await waitFor(() =>
      expect(requestsTo(calls, 'GET', '/api/tms/documents').at(-1)?.url).toContain(
        'type=RATE_CONFIRMATION'
      )
    )
  })

  it('shows an error with a retry when the list fails', async () => {
    renderTms('shipper', { 'GET /api/tms/documents': { status: 500, body: { message: 'x' } } })
    await openTab('Document Hub')
    expect(
      await screen.findByText('Could not load your documents', undefined, FIRST_PAINT)
    ).toBeInTheDocument()
  })

  it('lets a carrier upload a POD and shows the 422 and 413 messages', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: {
        errors: [{ field: 'file', message: 'The file must be a PDF, JPEG or PNG' }],
      },
    }
    const { fetch } = renderTms('carrier', {
      'GET /api/tms/documents': page([]),
      'POST /api/tms/shipments/42/documents': () => answer,
    })
    await openTab('Document Hub')
    const form = await screen.findByRole('form', { name: 'Upload document' }, FIRST_PAINT)
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }))
    expect(await within(form).findByText('Enter the booking number')).toBeInTheDocument()
    expect(within(form).getByText('Choose a PDF, JPEG or PNG file')).toBeInTheDocument()

    expect(within(form).getByLabelText('File')).toHaveAttribute(
      'accept',
      expect.stringContaining('application/pdf')
    )
    fireEvent.change(within(form).getByLabelText('Booking number'), { target: { value: '42' } })
    fireEvent.change(within(form).getByLabelText('Stop number'), { target: { value: '2' } })
    const file = new File(['%PDF-1.4'], 'pod.pdf', { type: 'application/pdf' })
    fireEvent.change(within(form).getByLabelText('File'), { target: { files: [file] } })
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }))
    expect(await within(form).findByText('The file must be a PDF, JPEG or PNG')).toBeInTheDocument()
    const init = fetch.mock.calls.find(([url]) =>
      String(url).includes('/shipments/42/documents')
    )?.[1]
    const sent = init?.body as FormData
    expect(sent.get('docType')).toBe('POD')
    expect(sent.get('stopNumber')).toBe('2')
    expect((sent.get('file') as File).name).toBe('pod.pdf')

    answer = { status: 413, body: { message: 'The file is larger than 10 MB' } }
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }))
    expect(await within(form).findByText('The file is larger than 10 MB')).toBeInTheDocument()

    answer = { status: 201, body: makeDocument({ id: 8, type: 'POD', fileName: 'pod.pdf' }) }
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('Document uploaded')).toBeInTheDocument()
    expect(screen.getByText('Proof of delivery for TRT-042')).toBeInTheDocument()
  })
})
