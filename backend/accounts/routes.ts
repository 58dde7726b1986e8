import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SessionController = () => import('#accounts/controllers/session_controller')
const PasswordController = () => import('#accounts/controllers/password_controller')

router
  .group(() => {
    router.post('/register', [SessionController, 'register'])
    router.post('/login', [SessionController, 'login'])
    router.post('/logout', [SessionController, 'logout']).use(middleware.auth({ guards: ['web'] }))
    router.get('/user', [SessionController, 'me']).use(middleware.auth())
    router
      .put('/account/password', [PasswordController, 'update'])
      .use(middleware.auth({ guards: ['web'] }))
  })
  .prefix('/api')
