import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import type { NotificationPage } from '@/features/notifications/api/notifications'
import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { NotificationsPage } from '@/features/notifications/components/notifications-page'
import { NotificationPreferences } from '@/features/notifications/components/notification-preferences'

const page = (unread: number, data: NotificationPage['data'] = []): NotificationPage => ({
  data,
  meta: { total: data.length, perPage: 20, currentPage: 1, lastPage: 1 },
  unread,
})

const confirmed = {
  id: 7,
  kind: 'booking' as const,
  title: 'Booking TRT-031 was confirmed by the carrier',
  body: 'Booking TRT-031 with Verified carrier #4821 was confirmed by the carrier.',
  link: '/shipper#bookings',
  createdAt: '2030-06-02T15:00:00.000Z',
  readAt: null,
}

describe('Notification centre', () => {
  it('the bell says how many are unread, and nothing when none are', async () => {
    mockFetch({ 'GET /api/notifications': { body: page(3) } })
    renderWithProviders(<NotificationBell />)
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' })
    expect(bell.getAttribute('href')).toBe('/notifications')
    expect(within(bell).getByText('3')).toBeTruthy()
  })

  it('lists notifications with their links; "Mark read" marks one', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/notifications': { body: page(1, [confirmed]) },
      'POST /api/notifications/7/read': {
        body: { ...confirmed, readAt: '2030-06-02T16:00:00.000Z', unread: 0 },
      },
    })
    renderWithProviders(<NotificationsPage />)
    const link = await screen.findByRole('link', { name: confirmed.title })
    expect(link.getAttribute('href')).toBe('/shipper#bookings')
    expect(screen.getByText(confirmed.body)).toBeTruthy()
    expect(screen.getByText('1 unread.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: `Mark read: ${confirmed.title}` }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/notifications/7/read')).toHaveLength(1)
    )
  })

  it('says so when there are none, and when they could not be loaded', async () => {
    mockFetch({ 'GET /api/notifications': { body: page(0) } })
    const { unmount } = renderWithProviders(<NotificationsPage />)
    expect(await screen.findByText('No notifications yet')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(
      true
    )
    unmount()
    mockFetch({
      'GET /api/notifications': { status: 500, body: { message: 'Internal server error' } },
    })
    renderWithProviders(<NotificationsPage />)
    expect(await screen.findByText('Notifications could not be loaded')).toBeTruthy()
  })

  it('preferences: a member other than the owner reads them and cannot save', async () => {
    mockFetch({
      'GET /api/notification-preferences': {
        body: {
          preferences: [{ kind: 'payout', label: 'Payouts', channel: 'in_app', push: false }],
        },
      },
    })
    renderWithProviders(<NotificationPreferences email="ops@haulers.test" canEdit={false} />)
    const select = await screen.findByLabelText('Payouts')
    expect(select.hasAttribute('disabled')).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save preferences' })).toBeNull()
    expect(screen.getByText(/Only your company’s owner changes these/)).toBeTruthy()
  })
})
