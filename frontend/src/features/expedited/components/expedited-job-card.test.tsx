import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { ExpeditedJobCard } from '@/features/expedited/components/expedited-job-card'
import { makeExpeditedJob } from '@/features/expedited/testing/fixtures'

const renderCard = (job: Parameters<typeof makeExpeditedJob>[0]) =>
  render(
    <ul>
      <ExpeditedJobCard job={makeExpeditedJob(job)} />
    </ul>
  )

// Issue 31 item 16: a cancelled job said "Waiting for a position" and "Not accepted yet".
describe('ExpeditedJobCard states', () => {
  it('a cancelled job that no carrier took waits for nothing', () => {
    renderCard({ status: 'CANCELLED', carrierName: null, eta: null })
    expect(screen.getByTestId('expedited-eta')).toHaveTextContent('None: the job was cancelled')
    expect(screen.getByText('None: cancelled before a carrier accepted')).toBeInTheDocument()
    expect(screen.queryByText('Waiting for a position')).not.toBeInTheDocument()
    expect(screen.queryByText('Not accepted yet')).not.toBeInTheDocument()
  })

  it('a delivered job shows its delivery, not a live ETA', () => {
    renderCard({
      status: 'DELIVERED',
      carrierName: 'Windy City Expedite',
      eta: null,
      deliveredAt: '2025-06-10T22:30:00.000Z',
    })
    expect(screen.getByTestId('expedited-eta')).toHaveTextContent(/^Delivered /)
    expect(screen.getByText('Windy City Expedite')).toBeInTheDocument()
  })

  it('an open job still waits for its first position and a carrier', () => {
    renderCard({ status: 'REQUESTED', carrierName: null, eta: null })
    expect(screen.getByTestId('expedited-eta')).toHaveTextContent('Waiting for a position')
    expect(screen.getByText('Not accepted yet')).toBeInTheDocument()
  })
})

// Decision 0188: a request is paid before it is offered; the shipper's card says where it stands.
// Issue 37: the driver's steps and the signed POD (decision 0263).
describe('ExpeditedJobCard driver steps', () => {
  it('tells the driver’s latest step, and no POD before the delivery', () => {
    renderCard({
      status: 'PICKED_UP',
      lastStep: {
        type: 'arrived_delivery',
        label: 'Arrived at delivery',
        recordedAt: '2026-03-02T20:05:00.000Z',
      },
      podAvailable: false,
    })
    expect(screen.getByTestId('expedited-last-step')).toHaveTextContent(
      /Driver’s latest step: Arrived at delivery, /
    )
    expect(screen.queryByRole('link', { name: /Proof of delivery/ })).not.toBeInTheDocument()
  })

  it('links the signed proof of delivery once delivered', () => {
    renderCard({
      id: 42,
      status: 'DELIVERED',
      lastStep: { type: 'delivered', label: 'Delivered', recordedAt: '2026-03-02T21:00:00.000Z' },
      podAvailable: true,
    })
    expect(screen.getByRole('link', { name: 'Proof of delivery (PDF)' })).toHaveAttribute(
      'href',
      '/api/expedited-jobs/42/pod'
    )
  })

  it('a job with no step yet says nothing of the driver', () => {
    renderCard({ status: 'ACCEPTED' })
    expect(screen.queryByTestId('expedited-last-step')).not.toBeInTheDocument()
  })
})

describe('ExpeditedJobCard payment states', () => {
  it('paid and requested: offered to carriers', () => {
    renderCard({ status: 'REQUESTED', paymentStatus: 'paid' })
    expect(screen.getByTestId('expedited-payment')).toHaveTextContent('Paid — offered to carriers')
  })

  it('awaiting payment: not offered yet, no ETA to wait for', () => {
    renderCard({ status: 'PAYMENT_PENDING', paymentStatus: 'pending' })
    expect(screen.getByText('Awaiting payment', { selector: 'span,div' })).toBeInTheDocument()
    expect(screen.getByTestId('expedited-payment')).toHaveTextContent(
      'Awaiting payment: not offered to carriers yet'
    )
    expect(screen.getByTestId('expedited-eta')).toHaveTextContent('Once paid and accepted')
  })

  it('a declined card says why', () => {
    renderCard({
      status: 'PAYMENT_PENDING',
      paymentStatus: 'failed',
      paymentFailure: 'Your card was declined.',
    })
    expect(screen.getByTestId('expedited-payment')).toHaveTextContent(
      'Payment failed: Your card was declined.'
    )
  })

  it('cancelled after payment: refunded; expired: no carrier, no ETA', () => {
    renderCard({ status: 'CANCELLED', paymentStatus: 'refunded' })
    expect(screen.getByTestId('expedited-payment')).toHaveTextContent(
      'Refunded in full to your card'
    )
  })

  it('carriers see no payment line', () => {
    renderCard({ status: 'REQUESTED', paymentStatus: null, price: null, carrierPay: 557.38 })
    expect(screen.queryByTestId('expedited-payment')).not.toBeInTheDocument()
  })
})
