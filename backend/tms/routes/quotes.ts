/*
 * TMS rate comparison: any approved signed-in user compares carriers' quotes; the shipper who
 * asked books a partner carrier's quote. The browser's session or a bearer token with the
 * route's ability (tms:read to compare, tms:write to book) signs the request in.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const TmsQuotesController = () => import('#tms/controllers/tms_quotes_controller')
const TmsQuotePolicy = () => import('#tms/policies/tms_quote_policy')

router
  .post('/api/tms/quotes', [TmsQuotesController, 'store'])
  .use([
    middleware.auth({ abilities: ['tms:read'] }),
    middleware.role({ roles: ['shipper', 'carrier', 'admin'] }),
  ])

router
  .post('/api/tms/quotes/:id/book', [TmsQuotesController, 'book'])
  .where('id', router.matchers.number())
  .use([
    middleware.auth({ abilities: ['tms:write'] }),
    middleware.role({ roles: ['shipper'] }),
    middleware.authorize({ policy: TmsQuotePolicy, action: 'book' }),
  ])
