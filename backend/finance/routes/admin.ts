/* The admin's Finance section: fuel index, surcharge table, accessorials, flagged invoices. */
import router from '@adonisjs/core/services/router'
import { bookingIdMatcher } from '#core/reference'
import { middleware } from '#start/kernel'

const FinanceAdminController = () => import('#finance/controllers/finance_admin_controller')
const FinancePolicy = () => import('#finance/policies/finance_policy')
const id = router.matchers.number()

router
  .group(() => {
    router.get('/fuel-index', [FinanceAdminController, 'fuelIndex'])
    router.post('/fuel-index', [FinanceAdminController, 'recordWeek'])
    router.post('/fuel-index/import', [FinanceAdminController, 'importCsv'])
    router.post('/fuel-surcharge-tables', [FinanceAdminController, 'addTable'])
    router.post('/accessorials', [FinanceAdminController, 'createAccessorial'])
    router.put('/accessorials/:code', [FinanceAdminController, 'updateAccessorial'])
    router.get('/invoices/flagged', [FinanceAdminController, 'flagged'])
    router.post('/invoices/:id/pay', [FinanceAdminController, 'pay']).where('id', id)
    router.post('/invoices/:id/void', [FinanceAdminController, 'void']).where('id', id)
    router
      .post('/bookings/:id/partner-invoice', [FinanceAdminController, 'recordPartnerInvoice'])
      .where('id', bookingIdMatcher)
  })
  .prefix('/api/admin/finance')
  .use([
    middleware.auth(),
    middleware.role({ roles: ['admin'] }),
    middleware.authorize({ policy: FinancePolicy, action: 'manage' }),
  ])
