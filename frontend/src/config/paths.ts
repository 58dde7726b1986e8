/** Every route of the app. Build links with these, never with string literals. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  about: { path: '/about', getHref: () => '/about' },
  overview: { path: '/overview', getHref: () => '/overview' },
  contact: { path: '/contact', getHref: () => '/contact' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  auth: {
    path: '/auth',
    /** `reason`: why a browser that was signed in is not any more (lib/session-end). */
    getHref: (tab?: 'signin' | 'signup', reason?: string | null) => {
      const query = new URLSearchParams()
      if (tab === 'signup') query.set('tab', 'signup')
      if (reason) query.set('reason', reason)
      const search = query.toString()
      return search ? `/auth?${search}` : '/auth'
    },
  },
  confirmEmail: { path: '/confirm-email', getHref: () => '/confirm-email' },
  debug: { path: '/debug', getHref: () => '/debug' },
  terms: { path: '/terms', getHref: () => '/terms' },
  agreement: { path: '/agreement', getHref: () => '/agreement' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  carrierPending: { path: '/carrier-pending', getHref: () => '/carrier-pending' },

  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  carrier: {
    path: '/carrier',
    getHref: (section?: string) => (section ? `/carrier#${section}` : '/carrier'),
  },
  shipper: {
    path: '/shipper',
    getHref: (section?: string) => (section ? `/shipper#${section}` : '/shipper'),
  },
  admin: {
    path: '/admin',
    getHref: (section?: string) => (section ? `/admin#${section}` : '/admin'),
  },
  adminFinance: { path: '/admin/finance', getHref: () => '/admin/finance' },
  settings: { path: '/settings', getHref: () => '/settings' },
  tms: { path: '/tms', getHref: () => '/tms' },
  postLoad: { path: '/post-load', getHref: () => '/post-load' },
  freightBoard: { path: '/freight-board', getHref: () => '/freight-board' },
  payment: {
    path: '/payment/:bookingId',
    getHref: (bookingId: number | string) => `/payment/${encodeURIComponent(String(bookingId))}`,
  },
  paymentSuccess: {
    path: '/payment-success',
    getHref: (bookingId: number | string) =>
      `/payment-success?booking=${encodeURIComponent(String(bookingId))}`,
  },
} as const

/**
 * Every path pattern the router serves (src/app/router.tsx builds its table from `paths`). The
 * build writes them to dist/client-routes.json (frontend/prerender.ts); the server answers any
 * other page path 404, with the app's not-found page (docs/decisions/0174).
 */
export const CLIENT_ROUTES: readonly string[] = Object.values(paths).map((route) => route.path)
