import * as React from 'react'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { App } from '@/app'
import { AppProvider } from '@/app/provider'
import { createRoutes } from '@/app/router'
import { RouterNavigation } from '@/app/router-navigation'
import type { User } from '@/features/auth/api/get-user'

/**
 * Render the real app (providers + full route table) at `url`; `strictMode` as in start.tsx;
 * `prerendered` as when start.tsx hydrates a prerendered page.
 */
export function renderApp(
  url = '/',
  { strictMode = false, prerendered = false }: { strictMode?: boolean; prerendered?: boolean } = {}
) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [url] })
  const app = (
    <App prerendered={prerendered}>
      <RouterProvider router={router} />
    </App>
  )
  const utils = render(strictMode ? <React.StrictMode>{app}</React.StrictMode> : app)
  return { ...utils, router }
}

/** Render one component inside the app providers and a memory router (and its navigation). */
export function renderWithProviders(ui: React.ReactElement, { url = '/' }: { url?: string } = {}) {
  const router = createMemoryRouter(
    [{ path: '*', element: <RouterNavigation>{ui}</RouterNavigation> }],
    { initialEntries: [url] }
  )
  const utils = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  )
  return { ...utils, router }
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'pat@example.com',
    email: 'pat@example.com',
    role: 'shipper',
    firstName: 'Pat',
    lastName: 'Lee',
    phone: '5551234567',
    isApproved: true,
    approvalStatus: 'approved',
    reviewedAt: null,
    reviewedBy: null,
    termsAcceptedAt: '2025-01-15T10:00:00.000Z',
    termsVersion: '2025-01-15',
    termsHash: null,
    createdAt: '2025-01-15T10:00:00.000Z',
    updatedAt: '2025-01-15T10:00:00.000Z',
    twoFactorEnabled: overrides.role === 'admin',
    ...overrides,
  }
}

/** Set the XSRF cookie the server would have set. */
export function setXsrfCookie(value = 'token%3Dabc') {
  document.cookie = `XSRF-TOKEN=${value}; path=/`
}
