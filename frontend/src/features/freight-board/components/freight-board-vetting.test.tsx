import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { FIRST_PAINT, makeBoardLoad, renderAs } from '@/features/freight-board/testing/fixtures'
import { requestsTo } from '@/testing/mock-fetch'

function insurance(result: 'pass' | 'fail') {
  return {
    hasCertificate: false,
    expiresOn: null,
    verified: false,
    vetting: {
      driver: 'census_file',
      trigger: 'revet',
      result,
      verified: false,
      checkedAt: '2026-11-20T12:00:00.000Z',
      checks: [
        {
          key: 'dot_allowed',
          label: 'USDOT number active and allowed to operate',
          result: 'pass',
          reason: 'USDOT 998877 is allowed to operate',
        },
        {
          key: 'insurance_certificate',
          label: 'Insurance certificate uploaded and not expired',
          result,
          reason: result === 'fail' ? 'No insurance certificate uploaded' : 'On file',
        },
        {
          key: 'contact_match',
          label: 'Phone and e-mail match the census',
          result,
          reason: result === 'fail' ? 'The phone differs from the census' : 'They match',
        },
      ],
    },
  }
}

async function openBoard(result: 'pass' | 'fail') {
  const rendered = renderAs('carrier', '/freight-board', {
    'GET /api/freight-listings': { body: [makeBoardLoad()] },
    'GET /api/carrier/insurance': { body: insurance(result) },
  })
  await screen.findByRole('list', { name: 'Open loads' }, FIRST_PAINT)
  return rendered
}

describe('freight board for a carrier whose vetting failed (decision 0189)', () => {
  it('says why it cannot take loads, what fixes each check, and turns Hold and Claim off', async () => {
    await openBoard('fail')
    const notice = await screen.findByRole('region', {
      name: 'Your carrier vetting did not pass: you cannot hold or claim loads yet',
    })
    expect(notice).toHaveTextContent('No insurance certificate uploaded')
    expect(notice).toHaveTextContent('The phone differs from the census')
    expect(notice).not.toHaveTextContent('USDOT number active')
    expect(
      within(notice).getByRole('link', { name: 'Upload the certificate in your company profile' })
    ).toHaveAttribute('href', '/carrier#profile')
    expect(
      within(notice).getByRole('link', { name: 'Change your e-mail in Settings' })
    ).toHaveAttribute('href', '/settings')
    const card = screen.getByRole('listitem', { name: /^Load #11:/ })
    for (const name of ['Hold (30m) load #11', 'Claim Load #11']) {
      const button = within(card).getByRole('button', { name })
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription(/Not until your vetting passes/)
    }
  })

  it('leaves Hold and Claim on, with no notice, when the vetting passes', async () => {
    const { calls } = await openBoard('pass')
    await waitFor(() => expect(requestsTo(calls, 'GET', '/api/carrier/insurance')).toHaveLength(1))
    const card = screen.getByRole('listitem', { name: /^Load #11:/ })
    expect(within(card).getByRole('button', { name: 'Claim Load #11' })).toBeEnabled()
    expect(within(card).getByRole('button', { name: 'Hold (30m) load #11' })).toBeEnabled()
    expect(screen.queryByText(/vetting did not pass/)).toBeNull()
  })
})
