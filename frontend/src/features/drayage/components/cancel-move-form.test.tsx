import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { setXsrfCookie } from '@/testing/test-utils'
import { CancelMoveForm } from '@/features/drayage/components/cancel-move-form'
import { makeMove } from '@/features/drayage/testing/fixtures'

describe('Cancel a drayage move', () => {
  it('cancels an open move without a reason', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'POST /api/drayage/moves/7/cancel': { body: makeMove({ status: 'CANCELLED' }) },
    })
    const onDone = vi.fn()
    render(<CancelMoveForm move={makeMove()} onDone={onDone} />)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel move' }))
    // Nothing is sent before the shipper confirms, in a dialog saying it is final.
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel move DRY-007?' })
    expect(confirm).toHaveAccessibleDescription(
      'Its terminal appointments are cancelled and its charges stop today. It cannot be undone.'
    )
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep move' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(requestsTo(calls, 'POST', '/api/drayage/moves/7/cancel')).toHaveLength(0)
    expect(onDone).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Cancel move' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel move' })
    )
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(requestsTo(calls, 'POST', '/api/drayage/moves/7/cancel')[0]?.body).toEqual({})
  })

  it('asks for a reason once a carrier accepted, and sends it', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'POST /api/drayage/moves/7/cancel': { body: makeMove({ status: 'CANCELLED' }) },
    })
    render(<CancelMoveForm move={makeMove({ status: 'ACCEPTED' })} onDone={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel move' }))
    expect(await screen.findByText('Reason must be 10 to 500 characters')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/drayage/moves/7/cancel')).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Reason for the carrier'), {
      target: { value: 'The consignee moved the delivery' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel move' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel move DRY-007?' })
    expect(confirm).toHaveAccessibleDescription(
      'The carrier is told, with your reason. Its terminal appointments are cancelled and its charges stop today. It cannot be undone.'
    )
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel move' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/drayage/moves/7/cancel')[0]?.body).toEqual({
        reason: 'The consignee moved the delivery',
      })
    )
  })

  it('offers nothing once the container has left the terminal', () => {
    const { container } = render(
      <CancelMoveForm move={makeMove({ status: 'OUT_GATED' })} onDone={() => {}} />
    )
    expect(container).toBeEmptyDOMElement()
  })
})
