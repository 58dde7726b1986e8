/*
 * Expedited jobs (docs/decisions/0125-0127): shippers request, pay (decision 0188) and cancel;
 * approved carriers with EXP in their modes see the jobs offered to them, accept one, and drive
 * it.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ExpeditedJobsController = () => import('#logistics/controllers/expedited_jobs_controller')
const ExpeditedStopEventsController = () =>
  import('#logistics/controllers/expedited_stop_events_controller')
const ExpeditedJobPolicy = () => import('#logistics/policies/expedited_job_policy')
const id = router.matchers.number()
const drive = middleware.authorize({ policy: ExpeditedJobPolicy, action: 'drive' })

router
  .group(() => {
    router.post('/expedited-jobs', [ExpeditedJobsController, 'store']).use(middleware.idempotent())
    router.get('/shipper/expedited-jobs', [ExpeditedJobsController, 'shipperIndex'])
    router
      .post('/expedited-jobs/:id/payment-intent', [ExpeditedJobsController, 'paymentIntent'])
      .where('id', id)
      .use([
        middleware.authorize({ policy: ExpeditedJobPolicy, action: 'manageAsShipper' }),
        middleware.idempotent(),
      ])
    router
      .post('/expedited-jobs/:id/cancel', [ExpeditedJobsController, 'cancel'])
      .where('id', id)
      .use(middleware.authorize({ policy: ExpeditedJobPolicy, action: 'manageAsShipper' }))
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper'] })])

router
  .group(() => {
    router.get('/carrier/expedited-jobs/offers', [ExpeditedJobsController, 'offers'])
    router.get('/carrier/expedited-jobs', [ExpeditedJobsController, 'carrierIndex'])
    router
      .post('/expedited-jobs/:id/accept', [ExpeditedJobsController, 'accept'])
      .where('id', id)
      .use(middleware.authorize({ policy: ExpeditedJobPolicy, action: 'accept' }))
    router
      .put('/expedited-jobs/:id/driver', [ExpeditedJobsController, 'assignDriver'])
      .where('id', id)
      .use(middleware.authorize({ policy: ExpeditedJobPolicy, action: 'assignDriver' }))
    router
      .post('/expedited-jobs/:id/position', [ExpeditedJobsController, 'position'])
      .where('id', id)
      .use(drive)
    router
      .post('/expedited-jobs/:id/pickup', [ExpeditedJobsController, 'pickup'])
      .where('id', id)
      .use(drive)
    router
      .post('/expedited-jobs/:id/deliver', [ExpeditedJobsController, 'deliver'])
      .where('id', id)
      .use(drive)
    // The driver's steps at the stops from the phone (docs/decisions/0263).
    router
      .get('/expedited-jobs/:id/stop-events', [ExpeditedStopEventsController, 'index'])
      .where('id', id)
      .use(drive)
    router
      .post('/expedited-jobs/:id/stop-events', [ExpeditedStopEventsController, 'store'])
      .where('id', id)
      .use([drive, middleware.idempotent()])
    router
      .post('/expedited-jobs/:id/stop-photos', [ExpeditedStopEventsController, 'photo'])
      .where('id', id)
      .use([middleware.needs({ upload: true }), drive, middleware.idempotent()])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] })])

// The signed proof of delivery: the job's shipper, or the carrier on it (docs/decisions/0263).
router
  .get('/api/expedited-jobs/:id/pod', [ExpeditedStopEventsController, 'pod'])
  .where('id', id)
  .use([
    middleware.auth(),
    middleware.role({ roles: ['shipper', 'carrier'] }),
    middleware.authorize({ policy: ExpeditedJobPolicy, action: 'readPod' }),
  ])
