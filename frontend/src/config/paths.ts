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
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  invite: {
    path: '/invite/:token',
    getHref: (token: string) => `/invite/${encodeURIComponent(token)}`,
  },
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
  adminUsers: {
    path: '/admin/users',
    /** `search`: the list's filters, sort and page as a query string (without `?`). */
    getHref: (search?: string) => (search ? `/admin/users?${search}` : '/admin/users'),
  },
  adminUser: {
    path: '/admin/users/:userId',
    getHref: (userId: number | string) => `/admin/users/${encodeURIComponent(String(userId))}`,
  },
  /** Cargo claims, a shipper's or a carrier's; `claimId` opens one (decision 0233). */
  claims: {
    path: '/claims',
    getHref: (claimId?: number) => (claimId ? `/claims?claim=${claimId}` : '/claims'),
  },
  adminClaims: { path: '/admin/claims', getHref: () => '/admin/claims' },
  /** The driver's phone screen for one booking (decision 0243). */
  driveBooking: {
    path: '/drive/bookings/:id',
    getHref: (bookingId: number | string) =>
      `/drive/bookings/${encodeURIComponent(String(bookingId))}`,
  },
  /** The driver's stop screen for an expedited job (docs/decisions/0263). */
  driveExpedited: {
    path: '/drive/expedited/:id',
    getHref: (jobId: number | string) => `/drive/expedited/${encodeURIComponent(String(jobId))}`,
  },
  settings: {
    path: '/settings',
    getHref: (hash?: string) => (hash ? `/settings#${hash}` : '/settings'),
  },
  /** The notification centre (decision 0241). */
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  tms: { path: '/tms', getHref: () => '/tms' },
  /** A driver's work on the phone: today's and overdue stops first (decision 0237). */
  drive: { path: '/drive', getHref: () => '/drive' },
  postLoad: {
    path: '/post-load',
    /** With a template's id, the form starts filled from it (docs/decisions/0248). */
    getHref: (templateId?: number) =>
      templateId === undefined ? '/post-load' : `/post-load?template=${templateId}`,
  },
  /** A shipper company's load templates and CSV import (docs/decisions/0248). */
  loadTemplates: { path: '/loads/templates', getHref: () => '/loads/templates' },
  loadImport: { path: '/loads/import', getHref: () => '/loads/import' },
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
