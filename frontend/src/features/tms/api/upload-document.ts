import { api } from '@/lib/api-client'
import type { TmsDocument } from '@/features/tms/api/get-documents'

export type UploadDocType = 'POD' | 'SIGNED_BOL' | 'WEIGHT_TICKET' | 'LUMPER_RECEIPT' | 'OTHER'

export type UploadDocumentInput = {
  shipment: string
  file: File
  docType: UploadDocType
  stopNumber?: number
}

/**
 * POST /api/tms/shipments/{id}/documents (multipart): the booking's carrier stores a POD or
 * another stop document. 422 wrong type or fields, 413 over 10 MB, 404 another carrier's.
 * Revalidate the Document Hub keys (isDocumentsKey) afterwards.
 */
export function uploadDocument(input: UploadDocumentInput): Promise<TmsDocument> {
  const form = new FormData()
  form.set('file', input.file)
  form.set('docType', input.docType)
  if (input.stopNumber !== undefined) form.set('stopNumber', String(input.stopNumber))
  return api.post<TmsDocument>(
    `/api/tms/shipments/${encodeURIComponent(input.shipment)}/documents`,
    form
  )
}
