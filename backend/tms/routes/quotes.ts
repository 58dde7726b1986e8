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

// No number matcher on :id: any id that names no quote of the shipper's, `abc` included, gets
// the policy's 404 `Quote not found` rather than the router's `Not found` (decision 0169).
router
  .post('/api/tms/quotes/:id/book', [TmsQuotesController, 'book'])
  .use([
    middleware.auth({ abilities: ['tms:write'] }),
    middleware.role({ roles: ['shipper'] }),
    middleware.authorize({ policy: TmsQuotePolicy, action: 'book' }),
  ])
