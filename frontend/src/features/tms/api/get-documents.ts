import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type DocumentPage = ResponseOf<'/api/tms/documents', 'get'>
export type TmsDocument = DocumentPage['data'][number]
export type DocumentType = TmsDocument['type']

export type DocumentFilters = { type: DocumentType | ''; shipment: string; page: number }

export const DOCUMENTS_PER_PAGE = 10
export const documentsPath = '/api/tms/documents'

/** GET /api/tms/documents with only the filters that have a value. */
export function documentsKey(filters: DocumentFilters): string {
  const query = new URLSearchParams()
  if (filters.type) query.set('type', filters.type)
  if (filters.shipment.trim()) query.set('shipment', filters.shipment.trim())
  query.set('page', String(filters.page))
  query.set('perPage', String(DOCUMENTS_PER_PAGE))
  return `${documentsPath}?${query.toString()}`
}

/** Every Document Hub key, whatever its filters: to revalidate after an upload. */
export const isDocumentsKey = (key: unknown) =>
  typeof key === 'string' && (key === documentsPath || key.startsWith(`${documentsPath}?`))

export function getDocuments(key: string): Promise<DocumentPage> {
  return api.get<DocumentPage>(key)
}

export function useDocuments(filters: DocumentFilters) {
  return useSWR<DocumentPage>(documentsKey(filters), getDocuments, { keepPreviousData: true })
}
