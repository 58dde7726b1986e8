import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SessionController = () => import('#accounts/controllers/session_controller')
const PasswordController = () => import('#accounts/controllers/password_controller')
const ProfileController = () => import('#accounts/controllers/profile_controller')
const OwnTokensController = () => import('#accounts/controllers/own_tokens_controller')
const AccessTokenPolicy = () => import('#accounts/policies/access_token_policy')

router
  .group(() => {
    router.post('/register', [SessionController, 'register'])
    router.post('/login', [SessionController, 'login'])
    router.post('/logout', [SessionController, 'logout']).use(middleware.auth({ guards: ['web'] }))
    router.get('/user', [SessionController, 'me']).use(middleware.auth({ abilities: [] }))
    router
      .put('/account/password', [PasswordController, 'update'])
      .use(middleware.auth({ guards: ['web'] }))
    router
      .put('/account/profile', [ProfileController, 'update'])
      .use(middleware.auth({ guards: ['web'] }))
  })
  .prefix('/api')

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
