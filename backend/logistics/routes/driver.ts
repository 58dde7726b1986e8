/*
 * The driver's work (docs/decisions/0237): the bookings and expedited jobs assigned to the
 * signed-in driver member, for the phone view. Only the driver's own login's work: no id.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const DriverWorkController = () => import('#logistics/controllers/driver_work_controller')

router
  .get('/api/driver/work', [DriverWorkController, 'index'])
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] })])
