import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import type { AdminCargoClaim, CargoClaimDetail } from '@/features/claims/api/claims'
import { parseDollars } from '@/features/claims/api/claims'
import { FileClaimDialog } from '@/features/claims/components/file-claim-dialog'
import { ClaimsPage } from '@/features/claims/components/claims-page'
import { AdminClaims } from '@/features/claims/components/admin-claims'

const claim: CargoClaimDetail = {
  id: 5,
  bookingId: 31,
  reference: 'TRT-031',
  type: 'damage',
  amountCents: 20_000,
  description: 'Two pallets crushed at the top',
  status: 'filed',
  payoutHeld: true,
  deliveredOn: '2030-06-01',
  filedAt: '2030-06-02T15:00:00.000Z',
  respondBy: '2030-07-02',
  response: null,
  offerCents: null,
  responseReason: null,
  respondedAt: null,
  escalationReason: null,
  escalatedAt: null,
  decisionReason: null,
  settledCents: null,
  refundedCents: null,
  recoveryCents: null,
  recoveredCents: 0,
  recoveryOutstandingCents: 0,
  recoveryRefundedCents: null,
  settledAt: null,
  files: [],
  steps: [
    {
      action: 'filed',
      status: 'filed',
      actorRole: 'shipper',
      amountCents: 20_000,
      note: 'payout held',
      at: '2030-06-02T15:00:00.000Z',
    },
  ],
}
const { steps: _steps, ...listed } = claim

describe('parseDollars', () => {
  it('reads dollars and cents, refusing anything else', () => {
    expect(parseDollars('250')).toBe(25_000)
    expect(parseDollars('$1,234.5')).toBe(123_450)
    expect(parseDollars('0.07')).toBe(7)
    expect(parseDollars('12.345')).toBeNull()
    expect(parseDollars('-3')).toBeNull()
    expect(parseDollars('')).toBeNull()
  })
})

describe('File a claim', () => {
  it('checks the form, confirms the amount, files once with a key, then links to the claim', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'POST /api/bookings/31/claims': { status: 201, body: listed },
    })
    renderWithProviders(<FileClaimDialog bookingId={31} reference="TRT-031" />)
    fireEvent.click(screen.getByRole('button', { name: 'File a claim on TRT-031' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Review the claim' }))
    expect(await screen.findByText('Enter the amount claimed in dollars')).toBeTruthy()
    expect(screen.getByText('Describe what happened in at least 10 characters')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Amount claimed (USD)'), {
      target: { value: '100001' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Review the claim' }))
    expect(await screen.findByText('A claim may ask at most $100,000.00')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Amount claimed (USD)'), { target: { value: '200' } })
    fireEvent.change(screen.getByLabelText('What happened to the freight'), {
      target: { value: 'Two pallets crushed at the top' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Review the claim' }))
    const confirm = await screen.findByRole('group', { name: 'Confirm the claim' })
    expect(confirm).toHaveTextContent('File a damage claim for $200.00 on TRT-031?')
    expect(confirm).toHaveTextContent('payout for this booking is held')
    expect(requestsTo(calls, 'POST', '/api/bookings/31/claims')).toHaveLength(0)
    fireEvent.click(within(confirm).getByRole('button', { name: 'File claim for $200.00' }))

    const link = await screen.findByRole('link', { name: 'Follow the claim' })
    expect(link.getAttribute('href')).toBe('/claims?claim=5')
    const [sent] = requestsTo(calls, 'POST', '/api/bookings/31/claims')
    expect(sent.body).toEqual({
      type: 'damage',
      amountCents: 20_000,
      description: 'Two pallets crushed at the top',
    })
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("shows the server's refusal on the form", async () => {
    setXsrfCookie()
    mockFetch({
      'POST /api/bookings/31/claims': {
        status: 409,
        body: { message: 'A claim has already been filed on this booking' },
      },
    })
    renderWithProviders(<FileClaimDialog bookingId={31} reference="TRT-031" />)
    fireEvent.click(screen.getByRole('button', { name: 'File a claim on TRT-031' }))
    fireEvent.change(await screen.findByLabelText('Amount claimed (USD)'), {
      target: { value: '50' },
    })
    fireEvent.change(screen.getByLabelText('What happened to the freight'), {
      target: { value: 'Short by one pallet on arrival' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Review the claim' }))
    fireEvent.click(await screen.findByRole('button', { name: 'File claim for $50.00' }))
    expect(await screen.findByText('A claim has already been filed on this booking')).toBeTruthy()
  })
})

describe('Claims page', () => {
  it('the carrier offers part: checked against the claim, confirmed, sent', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/claims': { body: { claims: [listed] } },
      'GET /api/claims/5': { body: claim },
      'POST /api/claims/5/response': { body: { ...listed, status: 'offered', offerCents: 5_000 } },
    })
    renderWithProviders(
      <ClaimsPage role="carrier" today="2030-06-10" selectedId={null} onSelect={() => {}} />
    )
    expect(await screen.findByRole('heading', { name: 'Claim on TRT-031' })).toBeTruthy()
    expect(
      screen.getByText('Your payout for this booking is held until the claim is resolved.')
    ).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Amount offered (USD)'), { target: { value: '200' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }))
    expect(await screen.findByText('Offer less than the $200.00 claimed, or accept')).toBeTruthy()
    expect(
      screen.getByText('Give your reasons and the evidence in at least 10 characters')
    ).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Amount offered (USD)'), { target: { value: '50' } })
    fireEvent.change(screen.getByLabelText('Reasons and evidence'), {
      target: { value: 'Only one pallet was damaged, see photos' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Offer $50.00?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Offer $50.00' }))
    await waitFor(() => expect(requestsTo(calls, 'POST', '/api/claims/5/response')).toHaveLength(1))
    expect(requestsTo(calls, 'POST', '/api/claims/5/response')[0].body).toEqual({
      action: 'offer',
      offerCents: 5_000,
      reason: 'Only one pallet was damaged, see photos',
    })
  })

  it('after the 30 days the carrier cannot answer', async () => {
    mockFetch({
      'GET /api/claims': { body: { claims: [listed] } },
      'GET /api/claims/5': { body: claim },
    })
    renderWithProviders(
      <ClaimsPage role="carrier" today="2030-07-03" selectedId={5} onSelect={() => {}} />
    )
    expect(await screen.findByText(/The 30 days to answer ended on Jul 2, 2030/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send answer' })).toBeNull()
  })

  it('a settled recovery shows what was advanced, collected from payouts and outstanding (0254)', async () => {
    const settled: CargoClaimDetail = {
      ...claim,
      status: 'settled',
      payoutHeld: false,
      settledCents: 80_000,
      refundedCents: 0,
      recoveryCents: 80_000,
      recoveredCents: 30_000,
      recoveryOutstandingCents: 50_000,
      recoveryRefundedCents: 77_308,
      steps: [
        ...claim.steps,
        {
          action: 'recovery_collected',
          status: 'settled',
          actorRole: 'system',
          amountCents: 30_000,
          note: '$300.00 netted from the payout of TRT-009',
          at: '2030-06-12T15:00:00.000Z',
        },
      ],
    }
    mockFetch({
      'GET /api/claims': { body: { claims: [{ ...listed, status: 'settled' }] } },
      'GET /api/claims/5': { body: settled },
    })
    renderWithProviders(
      <ClaimsPage role="shipper" today="2030-06-20" selectedId={5} onSelect={() => {}} />
    )
    const collected = await screen.findByText('Collected from payouts')
    expect(collected.nextElementSibling).toHaveTextContent('$300.00')
    expect(screen.getByText('Outstanding').nextElementSibling).toHaveTextContent('$500.00')
    expect(screen.getByText('Recovery refunded to the card').nextElementSibling).toHaveTextContent(
      '$773.08'
    )
    expect(screen.getByText('Recovery owed to the shipper').nextElementSibling).toHaveTextContent(
      '$26.92'
    )
    expect(screen.getByText(/Recovery collected from a payout/)).toBeTruthy()
  })

  it('the shipper accepts an offer after confirming, or escalates with a reason', async () => {
    setXsrfCookie()
    const offered = {
      ...claim,
      status: 'offered' as const,
      offerCents: 5_000,
      responseReason: 'Only one pallet was damaged',
    }
    const { calls } = mockFetch({
      'GET /api/claims': { body: { claims: [{ ...listed, status: 'offered' }] } },
      'GET /api/claims/5': { body: offered },
      'POST /api/claims/5/accept': { body: { ...listed, status: 'settled' } },
      'POST /api/claims/5/escalate': { body: { ...listed, status: 'escalated' } },
    })
    renderWithProviders(
      <ClaimsPage role="shipper" today="2030-06-10" selectedId={5} onSelect={() => {}} />
    )
    expect(await screen.findByText('Only one pallet was damaged')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Accept $50.00' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent("refunded to your card out of the carrier's payout")
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }))
    expect(requestsTo(calls, 'POST', '/api/claims/5/accept')).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Escalate to an admin' }))
    expect(
      await screen.findByText('Say why an admin should decide, in at least 10 characters')
    ).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Or ask an admin to decide: why'), {
      target: { value: 'Both pallets were crushed, photos attached' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Escalate to an admin' }))
    const ask = await screen.findByRole('alertdialog')
    fireEvent.click(within(ask).getByRole('button', { name: 'Escalate to an admin' }))
    await waitFor(() => expect(requestsTo(calls, 'POST', '/api/claims/5/escalate')).toHaveLength(1))
    expect(requestsTo(calls, 'POST', '/api/claims/5/escalate')[0].body).toEqual({
      reason: 'Both pallets were crushed, photos attached',
    })
  })

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/claims': { body: { claims: [] } } })
    renderWithProviders(
      <ClaimsPage role="shipper" today="2030-06-10" selectedId={null} onSelect={() => {}} />
    )
    expect(await screen.findByText('No claims')).toBeTruthy()
  })

  it('says when the claims cannot load', async () => {
    mockFetch({ 'GET /api/claims': { status: 500, body: { message: 'Down' } } })
    renderWithProviders(
      <ClaimsPage role="carrier" today="2030-06-10" selectedId={null} onSelect={() => {}} />
    )
    expect(await screen.findByText('Could not load the claims')).toBeTruthy()
  })
})

describe('Claim evidence', () => {
  const photo = {
    id: 3,
    side: 'shipper' as const,
    fileName: 'crushed pallet.png',
    mimeType: 'image/png' as const,
    size: 2048,
    uploadedAt: '2030-06-02T16:00:00.000Z',
    downloadUrl: '/api/claims/5/files/3',
  }

  it('lists who sent what, uploads each chosen file, and shows a refusal on the field', async () => {
    setXsrfCookie()
    let uploads = 0
    const { calls } = mockFetch({
      'GET /api/claims': { body: { claims: [{ ...listed, files: [photo] }] } },
      'GET /api/claims/5': { body: { ...claim, files: [photo] } },
      'POST /api/claims/5/files': () =>
        ++uploads === 1
          ? { status: 201, body: { ...photo, id: 4, side: 'carrier', fileName: 'survey.pdf' } }
          : {
              status: 409,
              body: { message: 'At most 10 files per side may be attached to a claim' },
            },
    })
    renderWithProviders(
      <ClaimsPage role="carrier" today="2030-06-10" selectedId={5} onSelect={() => {}} />
    )
    const link = await screen.findByRole('link', { name: 'crushed pallet.png' })
    expect(link.getAttribute('href')).toBe('/api/claims/5/files/3')
    expect(screen.getByText(/The shipper · /)).toBeTruthy()
    const input = screen.getByLabelText('Attach photos or documents')
    const survey = new File(['%PDF-1.4'], 'survey.pdf', { type: 'application/pdf' })
    const extra = new File(['%PDF-1.4'], 'extra.pdf', { type: 'application/pdf' })
    fireEvent.change(input, { target: { files: [survey, extra] } })
    expect(
      await screen.findByText('extra.pdf: At most 10 files per side may be attached to a claim')
    ).toBeTruthy()
    const sent = requestsTo(calls, 'POST', '/api/claims/5/files')
    expect(sent).toHaveLength(2)
    expect((sent[0].body as FormData).get('file')).toBe(survey)
  })

  it('takes no files once the claim is settled, and admins only read them', async () => {
    mockFetch({
      'GET /api/claims': { body: { claims: [{ ...listed, status: 'settled', files: [] }] } },
      'GET /api/claims/5': { body: { ...claim, status: 'settled', files: [] } },
    })
    renderWithProviders(
      <ClaimsPage role="shipper" today="2030-06-10" selectedId={5} onSelect={() => {}} />
    )
    expect(await screen.findByText('No evidence was attached.')).toBeTruthy()
    expect(screen.queryByLabelText('Attach photos or documents')).toBeNull()
  })
})

describe('Admin: cargo claims', () => {
  const escalated: AdminCargoClaim = {
    ...listed,
    status: 'escalated',
    offerCents: 5_000,
    responseReason: 'Only one pallet was damaged',
    escalationReason: 'Both pallets were crushed',
    carrierId: 7,
    shipperId: 9,
  }

  it('decides an escalated claim with a reason, confirmed first', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/admin/claims': { body: { claims: [escalated] } },
      'POST /api/admin/claims/5/decision': { body: { ...listed, status: 'settled' } },
    })
    renderWithProviders(<AdminClaims />)
    const card = await screen.findByLabelText('Claim on TRT-031')
    expect(card).toHaveTextContent('Both pallets were crushed')
    expect(requestsTo(calls, 'GET', '/api/admin/claims')[0].url).toContain('status=escalated')
    fireEvent.change(within(card).getByLabelText('Amount awarded (USD)'), {
      target: { value: '250' },
    })
    fireEvent.click(within(card).getByRole('button', { name: 'Decide' }))
    expect(await within(card).findByText('At most the $200.00 claimed')).toBeTruthy()
    expect(within(card).getByText('Give the reason in at least 10 characters')).toBeTruthy()
    fireEvent.change(within(card).getByLabelText('Amount awarded (USD)'), {
      target: { value: '120' },
    })
    fireEvent.change(within(card).getByLabelText("Reason (kept in the claim's audit)"), {
      target: { value: 'Photos show two pallets crushed' },
    })
    fireEvent.click(within(card).getByRole('button', { name: 'Decide' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent(
      "refunded to the shipper's card out of the carrier's held payout"
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Award $120.00' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/admin/claims/5/decision')).toHaveLength(1)
    )
    expect(requestsTo(calls, 'POST', '/api/admin/claims/5/decision')[0].body).toEqual({
      amountCents: 12_000,
      reason: 'Photos show two pallets crushed',
    })
  })

  it('says when nothing waits for a decision', async () => {
    mockFetch({ 'GET /api/admin/claims': { body: { claims: [] } } })
    renderWithProviders(<AdminClaims />)
    expect(await screen.findByText('No claims waiting for a decision')).toBeTruthy()
  })
})
