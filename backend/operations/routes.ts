/*
 * Operations routes: scheduled jobs and their runs (docs/decisions/0140), admins only;
 * readiness and Prometheus metrics for load balancers and scrapers (docs/operations.md).
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const JobsController = () => import('#operations/controllers/jobs_controller')
const ProbesController = () => import('#operations/controllers/probes_controller')

// Probes: no session, no CSRF token, no cookie.
router.get('/api/ready', [ProbesController, 'ready']).use(middleware.needs({ stateless: true }))
router.get('/api/metrics', [ProbesController, 'metrics']).use(middleware.needs({ stateless: true }))

router
  .group(() => {
    router.get('/jobs', [JobsController, 'index'])
    router.get('/jobs/runs', [JobsController, 'history'])
  })
  .prefix('/api/admin')
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
