import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'
import { middleware } from '#start/kernel'

const SessionController = () => import('#accounts/controllers/session_controller')
const PasswordController = () => import('#accounts/controllers/password_controller')
const ProfileController = () => import('#accounts/controllers/profile_controller')
const OwnTokensController = () => import('#accounts/controllers/own_tokens_controller')
const TwoFactorController = () => import('#accounts/controllers/two_factor_controller')
const EmailController = () => import('#accounts/controllers/email_controller')
const AccessTokenPolicy = () => import('#accounts/policies/access_token_policy')
const ContactController = () => import('#accounts/controllers/contact_controller')
const StandingController = () => import('#accounts/controllers/standing_controller')
const PasswordResetController = () => import('#accounts/controllers/password_reset_controller')

/** The contact form: 5 messages per address per 10 minutes (decision 0185). */
export const CONTACT_LIMIT = { requests: 5, every: '10 minutes' } as const
const contactThrottle = limiter.define('contact', (ctx) =>
  limiter
    .allowRequests(CONTACT_LIMIT.requests)
    .every(CONTACT_LIMIT.every)
    .usingKey(`contact_${ctx.request.ip()}`)
)

/**
 * "Forgot password?" (decision 0216): 5 requests per address and 20 per IP address per 15
 * minutes, so nobody floods an inbox or walks a list of addresses.
 */
export const PASSWORD_FORGOT_LIMITS = {
  address: { requests: 5, every: '15 minutes' },
  ip: { requests: 20, every: '15 minutes' },
} as const
const forgotPerIp = limiter.define('password_forgot_ip', (ctx) =>
  limiter
    .allowRequests(PASSWORD_FORGOT_LIMITS.ip.requests)
    .every(PASSWORD_FORGOT_LIMITS.ip.every)
    .usingKey(`password_forgot_ip_${ctx.request.ip()}`)
)
const forgotPerAddress = limiter.define('password_forgot_address', (ctx) => {
  const email = ctx.request.input('email')
  const key = typeof email === 'string' ? email.trim().toLowerCase() : ''
  return limiter
    .allowRequests(PASSWORD_FORGOT_LIMITS.address.requests)
    .every(PASSWORD_FORGOT_LIMITS.address.every)
    .usingKey(`password_forgot_address_${key}`)
})

// What an admin who has not turned two-factor on may still do (docs/decisions/0097).
const ownBrowserSession = middleware.auth({ guards: ['web'], beforeTwoFactor: true })

router
  .group(() => {
    // Signing up or in starts a session for a visitor who has none.
    router
      .post('/register', [SessionController, 'register'])
      .use(middleware.needs({ startsSession: true }))
    router
      .post('/login', [SessionController, 'login'])
      .use(middleware.needs({ startsSession: true }))
    router.post('/login/two-factor', [SessionController, 'secondFactor'])
    router.post('/logout', [SessionController, 'logout']).use(ownBrowserSession)
    router
      .get('/user', [SessionController, 'me'])
      .use(middleware.auth({ abilities: [], beforeTwoFactor: true, anonymousWhenAsked: true }))
    router.put('/account/password', [PasswordController, 'update']).use(ownBrowserSession)
    // Whatever the standing: a suspended carrier reads why (decision 0186).
    router
      .get('/account/standing', [StandingController, 'show'])
      .use(middleware.auth({ abilities: [] }))
    router.put('/account/profile', [ProfileController, 'update']).use(ownBrowserSession)
    // The sign-in email (docs/decisions/0167): a new one waits for the link mailed to it.
    router.get('/account/email', [EmailController, 'show']).use(ownBrowserSession)
    router.put('/account/email', [EmailController, 'update']).use(ownBrowserSession)
    router.post('/account/email/resend', [EmailController, 'resend']).use(ownBrowserSession)
    router.delete('/account/email/pending', [EmailController, 'cancel']).use(ownBrowserSession)
    // Whoever opens the link: the token proves the new address; no sign-in needed.
    router.post('/account/email/confirm', [EmailController, 'confirm'])
    // A forgotten password (decision 0216): anyone; the link's token proves the address.
    router
      .post('/password/forgot', [PasswordResetController, 'forgot'])
      .use([forgotPerIp, forgotPerAddress])
    router.post('/password/reset', [PasswordResetController, 'reset'])
    // The contact form: anyone, signed in or not (decision 0185).
    router.post('/contact', [ContactController, 'store']).use(contactThrottle)
  })
  .prefix('/api')

// Settings: two-factor sign-in, the signed-in user's own.
router
  .group(() => {
    router.get('/', [TwoFactorController, 'show'])
    router.post('/setup', [TwoFactorController, 'setup'])
    router.post('/confirm', [TwoFactorController, 'confirm'])
    router.post('/recovery-codes', [TwoFactorController, 'regenerate'])
    router.post('/disable', [TwoFactorController, 'disable'])
  })
  .prefix('/api/account/two-factor')
  .use(ownBrowserSession)

// Settings: API tokens, self-scoped (the signed-in user's own), from a browser session only.
// A carrier waiting for approval cannot call the API with a token yet, so it cannot issue one.
router
  .group(() => {
    router.get('/tokens', [OwnTokensController, 'index'])
    router.post('/tokens', [OwnTokensController, 'store'])
    router
      .delete('/tokens/:id', [OwnTokensController, 'destroy'])
      .where('id', router.matchers.number())
      .use(middleware.authorize({ policy: AccessTokenPolicy, action: 'revokeOwn' }))
  })
  .prefix('/api/account')
  .use([
    middleware.auth({ guards: ['web'] }),
    middleware.role({ roles: ['shipper', 'carrier', 'admin'] }),
  ])

// The company and its team (issue 35, docs/decisions/0223): what a member role may call is
// the role matrix's (#accounts/member_roles: `team` is the owners').
const CompanyController = () => import('#accounts/controllers/company_controller')
const CompanyPolicy = () => import('#accounts/policies/company_policy')
router
  .group(() => {
    router.get('/company', [CompanyController, 'show'])
    router.get('/company/invites', [CompanyController, 'invites'])
    router.post('/company/invites', [CompanyController, 'invite'])
    router
      .delete('/company/invites/:id', [CompanyController, 'withdraw'])
      .where('id', router.matchers.number())
      .use(middleware.authorize({ policy: CompanyPolicy, action: 'withdrawInvite' }))
    router
      .patch('/company/members/:id', [CompanyController, 'changeRole'])
      .where('id', router.matchers.number())
      .use(middleware.authorize({ policy: CompanyPolicy, action: 'manageMember' }))
    router
      .delete('/company/members/:id', [CompanyController, 'remove'])
      .where('id', router.matchers.number())
      .use(middleware.authorize({ policy: CompanyPolicy, action: 'manageMember' }))
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper', 'carrier'] })])

// The carrier company's drivers, whom owners and dispatchers assign work to (decision 0237).
router
  .get('/api/company/drivers', [CompanyController, 'drivers'])
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] })])

// Whoever holds an invite link: the token is the credential (signed, expiring, single use).
const inviteLink = middleware.scope({
  kind: 'public',
  reason: 'the invite token is the credential: whoever holds the mailed link may read and use it',
})
router
  .group(() => {
    router.get('/invites/:token', [CompanyController, 'lookup']).use(inviteLink)
    router.post('/invites/:token/accept', [CompanyController, 'accept']).use(inviteLink)
  })
  .prefix('/api')
