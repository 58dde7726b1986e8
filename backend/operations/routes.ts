/*
 * Operations routes: scheduled jobs and their runs (docs/decisions/0140). Admins only.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const JobsController = () => import('#operations/controllers/jobs_controller')

router
  .group(() => {
    router.get('/jobs', [JobsController, 'index'])
    router.get('/jobs/runs', [JobsController, 'history'])
  })
  .prefix('/api/admin')
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
