/*
 * Drayage: shippers' container moves, DRAY carriers' acceptance, gate-out, empty return and
 * terminal appointments, and the terminal list admins keep (docs/decisions/0120-0123).
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const DrayageMovesController = () => import('#logistics/controllers/drayage_moves_controller')
const TerminalsController = () => import('#logistics/controllers/terminals_controller')
const DrayageMovePolicy = () => import('#logistics/policies/drayage_move_policy')
const TerminalPolicy = () => import('#logistics/policies/terminal_policy')
const id = router.matchers.number()
const move = (action: string) => middleware.authorize({ policy: DrayageMovePolicy, action })

router.get('/api/drayage/terminals', [TerminalsController, 'index']).use(middleware.auth())

router
  .group(() => {
    router.get('/drayage/moves', [DrayageMovesController, 'index'])
    router
      .get('/drayage/moves/:id', [DrayageMovesController, 'show'])
      .where('id', id)
      .use(move('view'))
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper', 'carrier'] })])

router
  .group(() => {
    router.post('/drayage/moves', [DrayageMovesController, 'store'])
    router
      .post('/drayage/moves/:id/cancel', [DrayageMovesController, 'cancel'])
      .where('id', id)
      .use(move('cancel'))
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper'] })])

router
  .group(() => {
    router.get('/drayage/moves/open', [DrayageMovesController, 'open'])
    router
      .post('/drayage/moves/:id/accept', [DrayageMovesController, 'accept'])
      .where('id', id)
      .use(move('accept'))
    router
      .put('/drayage/moves/:id/driver', [DrayageMovesController, 'assignDriver'])
      .where('id', id)
      .use(move('assignDriver'))
    router
      .post('/drayage/moves/:id/gate-out', [DrayageMovesController, 'gateOut'])
      .where('id', id)
      .use(move('manage'))
    router
      .post('/drayage/moves/:id/empty-return', [DrayageMovesController, 'emptyReturn'])
      .where('id', id)
      .use(move('manage'))
    router
      .post('/drayage/moves/:id/appointments', [DrayageMovesController, 'requestAppointment'])
      .where('id', id)
      .use(move('manage'))
    router
      .post('/drayage/appointments/:id/status', [DrayageMovesController, 'appointmentStatus'])
      .where('id', id)
      .use(move('manageAppointment'))
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] })])

router
  .group(() => {
    router.post('/admin/terminals', [TerminalsController, 'store'])
    router
      .put('/admin/terminals/:id', [TerminalsController, 'update'])
      .where('id', id)
      .use(middleware.authorize({ policy: TerminalPolicy, action: 'manage' }))
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
