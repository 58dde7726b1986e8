import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'

const EventsController = () => import('#analytics/controllers/events_controller')

const eventsThrottle = limiter.define('analytics', (ctx) =>
  limiter.allowRequests(600).every('1 minute').usingKey(`analytics_${ctx.request.ip()}`)
)

router.post('/api/analytics/events', [EventsController, 'store']).use(eventsThrottle)
