import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { DOCUMENT_TYPES, UPLOAD_TYPES } from '#tms/services/document_service'

export const DOCUMENTS_PER_PAGE = 20
export const MAX_DOCUMENTS_PER_PAGE = 100

/** The fields of a carrier's upload (the file itself is checked by DocumentUploadService). */
export const uploadDocumentValidator = vine.compile(
  vine.object({
    docType: vine.enum(UPLOAD_TYPES),
    stopNumber: vine.number().withoutDecimals().range([1, 99]).optional(),
  })
)
uploadDocumentValidator.messagesProvider = new SimpleMessagesProvider({
  'docType.required': 'Document type is required',
  'docType.enum': `Document type must be one of ${UPLOAD_TYPES.join(', ')}`,
  'stopNumber.number': 'Stop number must be a whole number between 1 and 99',
  'stopNumber.withoutDecimals': 'Stop number must be a whole number between 1 and 99',
  'stopNumber.range': 'Stop number must be a whole number between 1 and 99',
})

/** The Document Hub's filters and paging. */
export const documentHubQueryValidator = vine.compile(
  vine.object({
    type: vine.enum(DOCUMENT_TYPES).optional(),
    shipment: vine
      .string()
      .trim()
      .regex(/^(\d+|TRT-\d+|EXP-\d+)$/i)
      .optional(),
    page: vine.number().withoutDecimals().min(1).optional(),
    perPage: vine.number().withoutDecimals().range([1, MAX_DOCUMENTS_PER_PAGE]).optional(),
  })
)
documentHubQueryValidator.messagesProvider = new SimpleMessagesProvider({
  'type.enum': `Type must be one of ${DOCUMENT_TYPES.join(', ')}`,
  'shipment.regex': 'Shipment must be a booking id, its TRT- reference or an EXP- reference',
  'page.number': 'Page must be a whole number of at least 1',
  'page.withoutDecimals': 'Page must be a whole number of at least 1',
  'page.min': 'Page must be a whole number of at least 1',
  'perPage.number': `Per page must be a whole number between 1 and ${MAX_DOCUMENTS_PER_PAGE}`,
  'perPage.withoutDecimals': `Per page must be a whole number between 1 and ${MAX_DOCUMENTS_PER_PAGE}`,
  'perPage.range': `Per page must be a whole number between 1 and ${MAX_DOCUMENTS_PER_PAGE}`,
})
