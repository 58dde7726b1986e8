import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { mockFetch } from '@/testing/mock-fetch'
import { makeUser, renderApp } from '@/testing/test-utils'

const FIRST_PAINT = { timeout: 5000 }

describe('/carrier-pending', () => {
  it('tells a suspended carrier that it is suspended, why, and how to appeal', async () => {
    mockFetch({
      'GET /api/user': {
        body: makeUser({ role: 'carrier', isApproved: false, approvalStatus: 'suspended' }),
      },
      'GET /api/account/standing': {
        body: {
          approvalStatus: 'suspended',
          suspension: {
            reason: 'Out-of-service order on the roadside inspection',
            since: '2030-03-06T15:00:00.000Z',
          },
          appeal: {
            email: 'support@palletline.com',
            phone: '(800) 555-0142',
            contactPath: '/contact',
          },
        },
      },
    })
    renderApp('/carrier-pending')
    expect(
      await screen.findByRole('heading', { name: 'Account Suspended' }, FIRST_PAINT)
    ).toBeInTheDocument()
    expect(screen.queryByText(/Pending Approval/)).not.toBeInTheDocument()
    expect(screen.queryByText(/Thank you for registering/)).not.toBeInTheDocument()
    expect(await screen.findByTestId('suspension-reason')).toHaveTextContent(
      'Out-of-service order on the roadside inspection'
    )
    expect(
      screen.getByRole('link', { name: 'write to us through the contact form' })
    ).toHaveAttribute('href', '/contact')
    expect(screen.getAllByRole('link', { name: 'support@palletline.com' }).length).toBeGreaterThan(
      0
    )
  })

  it('keeps the pending message for a carrier under review', async () => {
    mockFetch({
      'GET /api/user': {
        body: makeUser({ role: 'carrier', isApproved: false, approvalStatus: 'pending' }),
      },
    })
    renderApp('/carrier-pending')
    const heading = await screen.findByRole(
      'heading',
      { name: 'Account Pending Approval' },
      FIRST_PAINT
    )
    expect(heading).toBeInTheDocument()
    expect(within(document.body).queryByText('Account Suspended')).not.toBeInTheDocument()
  })
})
