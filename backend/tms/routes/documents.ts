/*
 * TMS paperwork and money: the Document Hub, downloads for a booking's parties, a carrier's
 * proof-of-delivery uploads (the one multipart route), and the shipper's escrow. A bearer token
 * needs `tms:read` to read them and `tms:write` to upload (decision 0169).
 */
import router from '@adonisjs/core/services/router'
import { bookingIdMatcher } from '#core/reference'
import { middleware } from '#start/kernel'

const DocumentsController = () => import('#tms/controllers/documents_controller')
const EscrowController = async () => ({
  default: (await import('#tms/controllers/documents_controller')).EscrowController,
})
const DocumentPolicy = () => import('#tms/policies/document_policy')

const reads = () => middleware.auth({ abilities: ['tms:read'] })
const anyParty = () => middleware.role({ roles: ['shipper', 'carrier', 'admin'] })

router
  .group(() => {
    router.get('/documents', [DocumentsController, 'index']).use([reads(), anyParty()])
    router
      .get('/documents/:id/download', [DocumentsController, 'download'])
      .where('id', router.matchers.number())
      .use([
        reads(),
        anyParty(),
        middleware.authorize({ policy: DocumentPolicy, action: 'download' }),
      ])
    router
      .post('/shipments/:id/documents', [DocumentsController, 'upload'])
      .where('id', bookingIdMatcher)
      .use([
        // A proof of delivery, as a multipart body the controller streams itself.
        middleware.needs({ upload: true }),
        middleware.auth({ abilities: ['tms:write'] }),
        middleware.role({ roles: ['carrier'] }),
        middleware.authorize({ policy: DocumentPolicy, action: 'upload' }),
      ])
    router
      .get('/escrow', [EscrowController, 'show'])
      .use([reads(), middleware.role({ roles: ['shipper'] })])
  })
  .prefix('/api/tms')
