import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { renderWithProviders } from '@/testing/test-utils'
import { SharePercent } from '@/lib/platform-constants'
import constants from '@/testing/platform-constants.json'

function open(route: MockRoute) {
  const mock = mockFetch({
    'GET /api/user': { status: 401, body: { message: 'Unauthorized' } },
    'GET /api/platform/constants': route,
  })
  renderWithProviders(
    <dl>
      <dt data-testid="platform">
        Platform fee <SharePercent share="platform" />
      </dt>
      <dt data-testid="carrier">
        Your Payout <SharePercent share="carrier" />
      </dt>
    </dl>
  )
  return mock
}

describe('SharePercent: the split as the server applies it (decision 0200)', () => {
  it('prints each share the server names, in one read for both', async () => {
    const { calls } = open({
      body: { ...constants, payoutSplit: { carrierPercent: 88, platformPercent: 12 } },
    })
    await waitFor(() =>
      expect(screen.getByTestId('platform')).toHaveTextContent('Platform fee (12%)')
    )
    expect(screen.getByTestId('carrier')).toHaveTextContent('Your Payout (88%)')
    expect(requestsTo(calls, 'GET', '/api/platform/constants')).toHaveLength(1)
  })

  it('holds the figure’s place with a pulse while the constants load', async () => {
    let answer: (value: { body: unknown }) => void = () => {}
    open(() => new Promise((resolve) => (answer = resolve)))
    await waitFor(() => expect(screen.getAllByTestId('share-percent-loading')).toHaveLength(2))
    expect(screen.getByTestId('platform')).toHaveTextContent(/^Platform fee$/)
    answer({ body: constants })
    await waitFor(() =>
      expect(screen.getByTestId('platform')).toHaveTextContent('Platform fee (9%)')
    )
    expect(screen.queryByTestId('share-percent-loading')).not.toBeInTheDocument()
  })

  it('leaves the label without a figure when the constants cannot be read', async () => {
    const { calls } = open({ status: 500, body: { message: 'Server error' } })
    await waitFor(() => expect(requestsTo(calls, 'GET', '/api/platform/constants')).toHaveLength(1))
    await waitFor(() =>
      expect(screen.queryByTestId('share-percent-loading')).not.toBeInTheDocument()
    )
    expect(screen.getByTestId('carrier')).toHaveTextContent(/^Your Payout$/)
  })
})
