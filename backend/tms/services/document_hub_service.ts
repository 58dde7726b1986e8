import { inject } from '@adonisjs/core'
import drive from '@adonisjs/drive/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Document from '#tms/models/document'
import TmsDocument from '#tms/models/tms_document'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import IdentityRevealService from '#payments/services/identity_reveal_service'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import DocumentService, {
  UPLOAD_TYPES,
  downloadUrl,
  mimeOfKey,
  type DocumentType,
} from '#tms/services/document_service'
import { bookingReference, expeditedReference } from '#core/reference'
import { ExpeditedProofs, type ProofReader } from '#tms/contracts/expedited_proofs'

import { DOCUMENTS_PER_PAGE } from '#tms/validators/documents'

export type Viewer = {
  id: number
  role: string
  /** a driver member's login: only the documents of their bookings, none about money */
  driverUserId?: number | null
}

/** Documents that state money, never listed or served to a driver member (decision 0246). */
export const MONEY_DOCUMENTS = ['INVOICE', 'RATE_CONFIRMATION'] as const

export type HubDocument = {
  id: number
  type: string
  /** a booking's document, or an expedited job's signed POD (docs/decisions/0265) */
  subject: 'booking' | 'expedited_job'
  shipmentId: number
  shipmentReference: string
  fileName: string
  mimeType: string
  stopNumber: number | null
  createdAt: string
  downloadUrl: string
}

/** A stored file of a booking, as the bundle packs it. */
export type BookingFile = {
  id: number
  type: string
  key: string
  /** the uploader's file name, else the stored one */
  fileName: string
  /** the name it is stored under (unique within the booking) */
  storedName: string
  mimeType: string
  createdAt: string
  bytes: Uint8Array
}

export type HubFilters = { type?: DocumentType; shipment?: string; page?: number; perPage?: number }

/** The signed-in user's documents across their bookings, and their downloads. */
@inject()
export default class DocumentHubService {
  constructor(
    private carriers: CarrierProfileService,
    private documents: DocumentService,
    private reveals: IdentityRevealService,
    private facts: BookingFactsService,
    private proofs: ExpeditedProofs
  ) {}

  /**
   * One page of the viewer's documents, newest first: its bookings' (`documents`) and, for a
   * shipper or a carrier, the signed proofs of delivery of its expedited jobs (logistics'
   * through `ExpeditedProofs`, docs/decisions/0265) in the same order. A TRT- (or bare id)
   * filter names a booking, an EXP- one a job; a type other than POD leaves the jobs out.
   */
  async list(viewer: Viewer, filters: HubFilters) {
    const page = filters.page ?? 1
    const perPage = filters.perPage ?? DOCUMENTS_PER_PAGE
    const shipment = filters.shipment?.trim()
    const jobId = shipment && /^EXP-/i.test(shipment) ? Number(shipment.slice(4)) : undefined
    const bookingId =
      shipment && jobId === undefined ? Number(shipment.replace(/^TRT-/i, '')) : undefined
    const reader = await this.proofReader(viewer)
    const withProofs =
      reader !== null && bookingId === undefined && (!filters.type || filters.type === 'POD')
    const withDocuments = jobId === undefined

    // A driver member: the bookings assigned to them (decision 0237), no money (0246).
    const assigned =
      viewer.role === 'carrier' && viewer.driverUserId
        ? await this.facts.assignedTo(viewer.driverUserId)
        : null
    const documents = () => {
      const query = Document.query()
      if (viewer.role === 'shipper') query.where('shipperId', viewer.id)
      else if (viewer.role === 'carrier') {
        query.where('carrierId', reader?.carrierId ?? -1)
        if (assigned) {
          query.whereIn('bookingId', assigned)
          query.whereNotIn('type', [...MONEY_DOCUMENTS])
        }
      }
      if (filters.type) query.where('type', filters.type)
      if (bookingId !== undefined) query.where('bookingId', bookingId)
      return query
    }

    let total = 0
    let rows: Array<{ at: number; doc?: Document; proof?: { id: number; jobId: number } }> = []
    if (withDocuments && !withProofs) {
      // Bookings' documents only: the page straight from the database.
      const result = await documents()
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .paginate(page, perPage)
      total = result.total
      rows = result.all().map((doc) => ({ at: doc.createdAt.toMillis(), doc }))
    } else {
      // Two lists in one order: the newest `page * perPage` of each, merged, this page cut out.
      const need = page * perPage
      const [docCount, docRows, proofCount, proofRows] = await Promise.all([
        withDocuments ? this.countOf(documents()) : 0,
        withDocuments
          ? documents().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(need)
          : [],
        withProofs ? this.proofs.count(reader!, jobId) : 0,
        withProofs ? this.proofs.newest(reader!, need, jobId) : [],
      ])
      total = docCount + proofCount
      rows = [
        ...docRows.map((doc) => ({ at: doc.createdAt.toMillis(), doc })),
        ...proofRows.map((proof) => ({ at: proof.createdAt.toMillis(), proof })),
      ]
        .sort((a, b) => b.at - a.at)
        .slice((page - 1) * perPage, page * perPage)
    }

    const docs = rows.flatMap((row) => (row.doc ? [row.doc] : []))
    const uploads = await this.uploadsByPath(docs.map((d) => d.url))
    return {
      data: rows.map(({ doc, proof, at }): HubDocument => {
        if (proof) {
          const reference = expeditedReference(proof.jobId)
          return {
            id: proof.id,
            type: 'POD',
            subject: 'expedited_job',
            shipmentId: proof.jobId,
            shipmentReference: reference,
            fileName: `pod-${reference}.pdf`,
            mimeType: 'application/pdf',
            stopNumber: 2,
            createdAt: new Date(at).toISOString(),
            downloadUrl: `/api/expedited-jobs/${proof.jobId}/pod`,
          }
        }
        return {
          id: doc!.id,
          type: doc!.type,
          subject: 'booking',
          shipmentId: doc!.bookingId,
          shipmentReference: bookingReference(doc!.bookingId),
          fileName: uploads.get(doc!.url)?.originalName ?? doc!.url.split('/').pop()!,
          mimeType: uploads.get(doc!.url)?.mimeType ?? mimeOfKey(doc!.url),
          stopNumber: uploads.get(doc!.url)?.stopNumber ?? null,
          createdAt: doc!.createdAt.toUTC().toISO()!,
          downloadUrl: downloadUrl(doc!.id),
        }
      }),
      meta: {
        total,
        perPage,
        currentPage: page,
        lastPage: Math.max(1, Math.ceil(total / perPage)),
      },
    }
  }

  /**
   * Whose expedited proofs the viewer reads (docs/decisions/0265): a shipper its jobs', a
   * carrier (and its driver member, the jobs assigned to them) the jobs it carried; null for an
   * admin, whose hub is bookings' documents (the POD's route is the job's parties').
   */
  private async proofReader(viewer: Viewer): Promise<ProofReader | null> {
    if (viewer.role === 'shipper') return { shipperUserId: viewer.id }
    if (viewer.role !== 'carrier') return null
    const carrierId = await this.carriers.findCarrierId(viewer.id)
    return { carrierId: carrierId ?? -1, driverUserId: viewer.driverUserId ?? null }
  }

  private async countOf(query: ReturnType<typeof Document.query>) {
    const [row] = (await query.count('* as total')) as Document[]
    return Number(row?.$extras.total ?? 0)
  }

  /**
   * A document's file, for one of its booking's parties (the route's policy checked that). A
   * shipper's BOL or rate confirmation names the carrier, so its download is logged as an identity reveal.
   */
  async download(documentId: number, viewer: Viewer) {
    const doc = await Document.findOrFail(documentId)
    const upload = (await this.uploadsByPath([doc.url])).get(doc.url)
    const bytes = await drive.use().getBytes(doc.url)
    if ((doc.type === 'BOL' || doc.type === 'RATE_CONFIRMATION') && viewer.role === 'shipper') {
      await this.reveals.log(viewer, [doc.bookingId])
    }
    return {
      bytes,
      mimeType: upload?.mimeType ?? mimeOfKey(doc.url),
      fileName: upload?.originalName ?? doc.url.split('/').pop()!,
    }
  }

  /**
   * Every file of a booking's Document Hub, oldest first, with its bytes: the booking's document
   * bundle (docs/decisions/0250). The caller decides who may read them and logs reveals.
   */
  async bookingFiles(bookingId: number): Promise<BookingFile[]> {
    const docs = await Document.query()
      .where('bookingId', bookingId)
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc')
    const uploads = await this.uploadsByPath(docs.map((d) => d.url))
    const files: BookingFile[] = []
    for (const doc of docs) {
      const upload = uploads.get(doc.url)
      files.push({
        id: doc.id,
        type: doc.type,
        key: doc.url,
        fileName: upload?.originalName ?? doc.url.split('/').pop()!,
        storedName: doc.url.split('/').pop()!,
        mimeType: upload?.mimeType ?? mimeOfKey(doc.url),
        createdAt: doc.createdAt.toUTC().toISO()!,
        bytes: await drive.use().getBytes(doc.url),
      })
    }
    return files
  }

  /** Stores a carrier's upload (bytes already sniffed) as a tms_documents row and a hub entry. */
  async upload(
    shipment: { id: number; shipperId: number; carrierId: number | null },
    input: {
      docType: DocumentType
      stopNumber?: number
      mimeType: string
      extension: string
      originalName?: string | null
    },
    bytes: Uint8Array,
    uploadedBy: number,
    /** the caller's transaction, when the upload is part of a larger change (decision 0243) */
    client?: TransactionClientContract
  ) {
    const stamp = Date.now().toString(36)
    const key = `bookings/${shipment.id}/${input.docType.toLowerCase()}-${stamp}-${Math.random().toString(36).slice(2, 8)}.${input.extension}`
    const doc = await this.documents.store(shipment, input.docType, key, bytes, client)
    const row = await TmsDocument.create(
      {
        shipmentId: shipment.id,
        docType: input.docType,
        stopNumber: input.stopNumber ?? null,
        filePath: key,
        mimeType: input.mimeType,
        originalName: input.originalName ?? null,
        uploadedBy,
      },
      { client }
    )
    return {
      id: doc.id,
      type: doc.type,
      subject: 'booking',
      shipmentId: shipment.id,
      shipmentReference: bookingReference(shipment.id),
      fileName: input.originalName ?? key.split('/').pop()!,
      mimeType: input.mimeType,
      stopNumber: row.stopNumber,
      createdAt: doc.createdAt.toUTC().toISO()!,
      downloadUrl: downloadUrl(doc.id),
    } satisfies HubDocument
  }

  /** A carrier's upload by its hub id (evidence for a charge); null for any other document. */
  async uploadOf(documentId: number): Promise<{ bookingId: number; type: string } | null> {
    const doc = await Document.find(documentId)
    if (!doc || !(UPLOAD_TYPES as readonly string[]).includes(doc.type)) return null
    return { bookingId: doc.bookingId, type: doc.type }
  }

  private async uploadsByPath(paths: string[]) {
    if (paths.length === 0) return new Map<string, TmsDocument>()
    const rows = await TmsDocument.query().whereIn('filePath', paths)
    return new Map(rows.map((r) => [r.filePath, r]))
  }
}
