import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import DocumentHubService from '#tms/services/document_hub_service'
import BookingDocumentsService from '#marketplace/services/booking_documents_service'
import EscrowService from '#payments/services/escrow_service'
import { documentHubQueryValidator, uploadDocumentValidator } from '#tms/validators/documents'
import { contentDisposition, sanitiseFileName } from '#core/file_sniffing'
import { MAX_UPLOAD_BYTES, checkUpload, readSingleUpload } from '#core/uploads'
import { fromCents } from '#core/money'
import { drivingAs } from '#accounts/services/driver_members'

export { sanitiseFileName, MAX_UPLOAD_BYTES }

/** Document Hub, uploads and downloads, and the shipper's escrow (TMS tabs). */
@inject()
export default class DocumentsController {
  constructor(
    private hub: DocumentHubService,
    private bookings: BookingDocumentsService
  ) {}

  async index({ auth, request }: HttpContext) {
    const filters = await request.validateUsing(documentHubQueryValidator, {
      data: request.qs(),
    })
    const user = auth.getUserOrFail()
    return this.hub.list({ id: user.id, role: user.role, driverUserId: drivingAs(user) }, filters)
  }

  async download({ auth, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const file = await this.hub.download(Number(params.id), { id: user.id, role: user.role })
    response.header('content-type', file.mimeType)
    response.header('content-disposition', contentDisposition(file.fileName))
    response.header('cache-control', 'private, no-store')
    return response.send(Buffer.from(file.bytes))
  }

  async upload({ auth, params, request, response }: HttpContext) {
    const received = await readSingleUpload(request, 'file', MAX_UPLOAD_BYTES)
    const input = await request.validateUsing(uploadDocumentValidator, { data: request.all() })
    const file = checkUpload(received)
    const shipment = (await this.bookings.parties(Number(params.id)))!
    const doc = await this.hub.upload(
      shipment,
      {
        ...input,
        mimeType: file.kind.mime,
        extension: file.kind.extension,
        originalName: file.name,
      },
      file.bytes,
      auth.getUserOrFail().id
    )
    return response.status(201).send(doc)
  }
}

/** The shipper's escrow per shipment, in dollars on the wire. */
@inject()
export class EscrowController {
  constructor(private escrow: EscrowService) {}

  async show({ auth }: HttpContext) {
    const { shipments, totals } = await this.escrow.forShipper(auth.getUserOrFail().id)
    return {
      shipments: shipments.map(({ amountCents, ...s }) => ({
        ...s,
        amount: fromCents(amountCents),
      })),
      totals: {
        held: fromCents(totals.heldCents),
        released: fromCents(totals.releasedCents),
        refunded: fromCents(totals.refundedCents),
      },
    }
  }
}
