import type { ComponentType } from 'react'
import { matchRoutes, Outlet, type RouteObject } from 'react-router-dom'
import { PageSpinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { GuestOnly, HomeGate } from '@/app/guards/public-gates'
import {
  PendingGate,
  RegisterGate,
  RequireAuth,
  RequireRole,
  RoleHomeRedirect,
} from '@/app/guards/route-guards'
import { PublicLayout } from '@/app/layouts/public-layout'
import { RootLayout } from '@/app/layouts/root-layout'
import { RouteError } from '@/app/route-error'

// Every screen is its own chunk, loaded when its route is first visited.
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
})

// The signed-in shell too: visitors of the public pages never load it.
const appLayout = async () => ({
  Component: (await import('@/app/layouts/app-layout')).AppLayout,
})

/** The whole route table, shared by the browser router and the tests' memory router. */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          element: (
            <PublicLayout>
              <Outlet />
            </PublicLayout>
          ),
          children: [
            {
              element: (
                <HomeGate>
                  <Outlet />
                </HomeGate>
              ),
              children: [{ index: true, lazy: page(() => import('@/app/routes/landing')) }],
            },
            { path: paths.about.path, lazy: page(() => import('@/app/routes/about')) },
            { path: paths.overview.path, lazy: page(() => import('@/app/routes/overview')) },
            { path: paths.contact.path, lazy: page(() => import('@/app/routes/contact')) },
            {
              element: (
                <GuestOnly>
                  <Outlet />
                </GuestOnly>
              ),
              children: [
                { path: paths.login.path, lazy: page(() => import('@/app/routes/login')) },
                { path: paths.auth.path, lazy: page(() => import('@/app/routes/auth')) },
              ],
            },
            {
              element: <RegisterGate />,
              children: [
                { path: paths.register.path, lazy: page(() => import('@/app/routes/register')) },
              ],
            },
            {
              path: paths.confirmEmail.path,
              lazy: page(() => import('@/app/routes/confirm-email')),
            },
            {
              path: paths.forgotPassword.path,
              lazy: page(() => import('@/app/routes/forgot-password')),
            },
            {
              path: paths.resetPassword.path,
              lazy: page(() => import('@/app/routes/reset-password')),
            },
            { path: paths.invite.path, lazy: page(() => import('@/app/routes/invite')) },
            { path: paths.debug.path, lazy: page(() => import('@/app/routes/debug')) },
            { path: paths.terms.path, lazy: page(() => import('@/app/routes/terms')) },
            { path: paths.agreement.path, lazy: page(() => import('@/app/routes/agreement')) },
            { path: paths.privacy.path, lazy: page(() => import('@/app/routes/privacy')) },
            {
              path: paths.carrierPending.path,
              element: <PendingGate />,
              children: [{ index: true, lazy: page(() => import('@/app/routes/carrier-pending')) }],
            },
            { path: '*', lazy: page(() => import('@/app/routes/not-found')) },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              lazy: appLayout,
              children: [
                { path: paths.dashboard.path, element: <RoleHomeRedirect /> },
                {
                  path: paths.carrier.path,
                  element: <RequireRole role="carrier" />,
                  children: [{ index: true, lazy: page(() => import('@/app/routes/carrier')) }],
                },
                {
                  path: paths.shipper.path,
                  element: <RequireRole role="shipper" />,
                  children: [{ index: true, lazy: page(() => import('@/app/routes/shipper')) }],
                },
                {
                  path: paths.admin.path,
                  element: <RequireRole role="admin" />,
                  children: [{ index: true, lazy: page(() => import('@/app/routes/admin')) }],
                },
                {
                  path: paths.adminUsers.path,
                  element: <RequireRole role="admin" />,
                  children: [{ index: true, lazy: page(() => import('@/app/routes/admin-users')) }],
                },
                {
                  path: paths.adminUser.path,
                  element: <RequireRole role="admin" />,
                  children: [{ index: true, lazy: page(() => import('@/app/routes/admin-user')) }],
                },
                {
                  path: paths.adminFinance.path,
                  element: <RequireRole role="admin" />,
                  children: [
                    { index: true, lazy: page(() => import('@/app/routes/admin-finance')) },
                  ],
                },
                {
                  path: paths.claims.path,
                  element: <RequireRole role={['shipper', 'carrier']} />,
                  children: [{ index: true, lazy: page(() => import('@/app/routes/claims')) }],
                },
                {
                  path: paths.driveBooking.path,
                  element: <RequireRole role="carrier" area="status" />,
                  children: [
                    { index: true, lazy: page(() => import('@/app/routes/drive-booking')) },
                  ],
                },
                {
                  path: paths.driveExpedited.path,
                  element: <RequireRole role="carrier" area="status" />,
                  children: [
                    { index: true, lazy: page(() => import('@/app/routes/drive-expedited')) },
                  ],
                },
                {
                  path: paths.adminClaims.path,
                  element: <RequireRole role="admin" />,
                  children: [
                    { index: true, lazy: page(() => import('@/app/routes/admin-claims')) },
                  ],
                },
                { path: paths.settings.path, lazy: page(() => import('@/app/routes/settings')) },
                {
                  path: paths.notifications.path,
                  lazy: page(() => import('@/app/routes/notifications')),
                },
                { path: paths.tms.path, lazy: page(() => import('@/app/routes/tms')) },
                {
                  path: paths.postLoad.path,
                  element: <RequireRole role="shipper" area="loads" />,
                  children: [{ index: true, lazy: page(() => import('@/app/routes/post-load')) }],
                },
                {
                  path: paths.loadTemplates.path,
                  element: <RequireRole role="shipper" area="loads" />,
                  children: [
                    { index: true, lazy: page(() => import('@/app/routes/load-templates')) },
                  ],
                },
                {
                  path: paths.loadImport.path,
                  element: <RequireRole role="shipper" area="loads" />,
                  children: [{ index: true, lazy: page(() => import('@/app/routes/load-import')) }],
                },
                {
                  path: paths.drive.path,
                  element: <RequireRole role="carrier" area="status" />,
                  children: [{ index: true, lazy: page(() => import('@/app/routes/drive')) }],
                },
                {
                  path: paths.freightBoard.path,
                  element: <RequireRole role="carrier" area="board" />,
                  children: [
                    { index: true, lazy: page(() => import('@/app/routes/freight-board')) },
                  ],
                },
                { path: paths.payment.path, lazy: page(() => import('@/app/routes/payment')) },
                {
                  path: paths.paymentSuccess.path,
                  lazy: page(() => import('@/app/routes/payment-success')),
                },
              ],
            },
          ],
        },
      ],
    },
  ]
}

/**
 * Loads the lazy routes that match `pathname` into the route table, in place: the full app taking
 * over a public page (start.tsx) shows the next page at once, not the loading fallback.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, { ...(await route.lazy()), lazy: undefined })
    })
  )
}
