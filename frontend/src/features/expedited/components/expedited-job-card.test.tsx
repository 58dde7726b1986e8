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
