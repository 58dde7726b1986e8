import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import DocumentHubService from '#tms/services/document_hub_service'
import BookingDocumentsService from '#marketplace/services/booking_documents_service'
import EscrowService from '#payments/services/escrow_service'
import { documentHubQueryValidator, uploadDocumentValidator } from '#tms/validators/documents'
import { extensionMatches, sniffUpload } from '#core/file_sniffing'
import { validationError } from '#core/validation'
import { fromCents } from '#core/money'

/** Largest proof of delivery (or other upload) a carrier may send: 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/**
 * The name a user's file is shown and downloaded under (decision 0184): its last path segment,
 * without control characters, quotes or path separators, whitespace collapsed, at most 160
 * characters with its extension kept; null when nothing usable is left.
 */
export function sanitiseFileName(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? ''
  const clean = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"*:<>?|;]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  if (!clean) return null
  if (clean.length <= 160) return clean
  const dot = clean.lastIndexOf('.')
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : ''
  return clean.slice(0, 160 - ext.length) + ext
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`
}

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
    return this.hub.list({ id: user.id, role: user.role }, filters)
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
    let received: { name: string; chunks: Buffer[]; size: number } | null = null
    request.multipart.onFile('file', {}, async (part, reporter) => {
      const file = { name: part.filename ?? '', chunks: [] as Buffer[], size: 0 }
      received = file
      for await (const chunk of part) {
        await reporter(chunk)
        file.size += chunk.length
        // Past the limit keep reading (the request must be drained) but keep nothing.
        if (file.size <= MAX_UPLOAD_BYTES) file.chunks.push(chunk)
      }
    })
    await request.multipart.process()
    const input = await request.validateUsing(uploadDocumentValidator, { data: request.all() })
    const file = received as { name: string; chunks: Buffer[]; size: number } | null
    if (!file || file.size === 0) {
      throw validationError([{ field: 'file', message: 'A file is required', rule: 'required' }])
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      return response.status(413).send({ message: 'File too large: the limit is 10 MB' })
    }
    const bytes = Buffer.concat(file.chunks)
    const kind = sniffUpload(bytes)
    if (!kind || !extensionMatches(file.name, kind)) {
      throw validationError([
        {
          field: 'file',
          message: 'The file must be a PDF, JPEG or PNG, named with its own extension',
          rule: 'fileType',
        },
      ])
    }
    const shipment = (await this.bookings.parties(Number(params.id)))!
    const doc = await this.hub.upload(
      shipment,
      {
        ...input,
        mimeType: kind.mime,
        extension: kind.extension,
        originalName: sanitiseFileName(file.name),
      },
      bytes,
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
