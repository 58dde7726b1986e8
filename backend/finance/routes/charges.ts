/*
 * A booking's or drayage move's charges and invoices (the carrier records, the shipper reads and
 * answers).
 */
import router from '@adonisjs/core/services/router'
import { bookingIdMatcher } from '#core/reference'
import { middleware } from '#start/kernel'

const BookingChargesController = () => import('#finance/controllers/booking_charges_controller')
const AdvancedInvoicesController = () => import('#finance/controllers/advanced_invoices_controller')
const DrayageInvoicesController = () => import('#finance/controllers/drayage_invoices_controller')
const FinancePolicy = () => import('#finance/policies/finance_policy')
const id = router.matchers.number()
const can = (action: string) => middleware.authorize({ policy: FinancePolicy, action })

// The price list: the carrier picks from it, the shipper asks for it at booking, and the admin's
// Finance page edits it (POST/PUT /api/admin/finance/accessorials) from what this answers.
router
  .get('/api/accessorials', [BookingChargesController, 'accessorialList'])
  .use([middleware.auth(), middleware.role({ roles: ['shipper', 'carrier', 'admin'] })])

router
  .group(() => {
    router.get('/advanced-invoices', [AdvancedInvoicesController, 'index'])
    router
      .get('/bookings/:id/charges', [BookingChargesController, 'show'])
      .where('id', bookingIdMatcher)
      .use(can('bookingParty'))
    router
      .put('/bookings/:id/stop-times', [BookingChargesController, 'recordStop'])
      .where('id', bookingIdMatcher)
      .use(can('bookingCarrier'))
    router
      .post('/bookings/:id/accessorials', [BookingChargesController, 'addCharge'])
      .where('id', bookingIdMatcher)
      .use(can('bookingCarrier'))
    router
      .delete('/bookings/:id/accessorials/:chargeId', [BookingChargesController, 'removeCharge'])
      .where('id', bookingIdMatcher)
      .where('chargeId', id)
      .use(can('bookingCarrier'))
    router
      .post('/bookings/:id/detention', [BookingChargesController, 'addDetention'])
      .where('id', bookingIdMatcher)
      .use(can('bookingCarrier'))
    router
      .get('/bookings/:id/advanced-invoices', [BookingChargesController, 'bookingInvoices'])
      .where('id', bookingIdMatcher)
      .use(can('bookingParty'))
    router
      .post('/bookings/:id/advanced-invoices', [BookingChargesController, 'draft'])
      .where('id', bookingIdMatcher)
      .use(can('bookingCarrier'))
    router
      .get('/drayage/moves/:id/invoices', [DrayageInvoicesController, 'index'])
      .where('id', id)
      .use(can('drayageParty'))
    router
      .post('/drayage/moves/:id/invoices', [DrayageInvoicesController, 'draft'])
      .where('id', id)
      .use(can('drayageCarrier'))
    router
      .get('/advanced-invoices/:id/pdf', [AdvancedInvoicesController, 'pdf'])
      .where('id', id)
      .use(can('invoiceParty'))
    router
      .post('/advanced-invoices/:id/issue', [AdvancedInvoicesController, 'issue'])
      .where('id', id)
      .use(can('invoiceCarrier'))
    router
      .post('/advanced-invoices/:id/void', [AdvancedInvoicesController, 'void'])
      .where('id', id)
      .use(can('invoiceCarrier'))
    router
      .post('/advanced-invoices/:id/decision', [AdvancedInvoicesController, 'decide'])
      .where('id', id)
      .use(can('invoiceShipper'))
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper', 'carrier'] })])
