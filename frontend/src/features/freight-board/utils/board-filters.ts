import type { BoardFilters } from '@/features/freight-board/api/types'
import { isApiError } from '@/lib/api-client'
import { fieldErrorsOf } from '@/lib/api-errors'

/** What the board's filter form can show an error on: the API's query parameter names. */
export type BoardFilterField = 'equipment' | 'mode' | 'origin_zip' | 'dest_zip' | 'funded'
export type BoardFilterErrors = Partial<Record<BoardFilterField, string>>

const FILTER_FIELDS: BoardFilterField[] = ['equipment', 'mode', 'origin_zip', 'dest_zip', 'funded']

/** The server's ZIP filter: a prefix of 1 to 5 digits (GET /api/freight-listings). */
const ZIP_PREFIX = /^\d{1,5}$/

/** The server's own messages for a bad ZIP filter. */
export const ZIP_FILTER_MESSAGES = {
  origin_zip: 'Origin ZIP filter must be 1 to 5 digits',
  dest_zip: 'Destination ZIP filter must be 1 to 5 digits',
} as const

/** The filters the server would refuse, checked as it checks them (empty means no filter). */
export function checkBoardFilters(filters: BoardFilters): BoardFilterErrors {
  const errors: BoardFilterErrors = {}
  for (const field of ['origin_zip', 'dest_zip'] as const) {
    const value = filters[field].trim()
    if (value !== '' && !ZIP_PREFIX.test(value)) errors[field] = ZIP_FILTER_MESSAGES[field]
  }
  return errors
}

/** True when the board's read was refused for its filters (a 422). */
export function isRefusedFilter(error: unknown): boolean {
  return isApiError(error) && error.status === 422
}

/** The field errors of a refused board read, for the filters the form shows. */
export function boardFilterErrorsOf(error: unknown): BoardFilterErrors {
  if (!isRefusedFilter(error)) return {}
  const all = fieldErrorsOf(error)
  const errors: BoardFilterErrors = {}
  for (const field of FILTER_FIELDS) if (all[field]) errors[field] = all[field]
  return errors
}

export function hasErrors(errors: BoardFilterErrors): boolean {
  return Object.keys(errors).length > 0
}
