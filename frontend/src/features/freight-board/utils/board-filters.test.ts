import { describe, expect, it } from 'vitest'
import { NO_FILTERS } from '@/features/freight-board/api/get-board'
import { ApiError } from '@/lib/api-client'
import {
  boardFilterErrorsOf,
  checkBoardFilters,
  isRefusedFilter,
} from '@/features/freight-board/utils/board-filters'

const zips = (origin_zip: string, dest_zip = '') =>
  checkBoardFilters({ ...NO_FILTERS, origin_zip, dest_zip })

describe('board filters', () => {
  it('accepts what the server accepts: nothing, or a prefix of 1 to 5 digits', () => {
    for (const zip of ['', '   ', '6', '606', '60601', ' 48201 '])
      expect(zips(zip, zip)).toEqual({})
  })

  it('refuses what the server refuses, with its messages', () => {
    for (const zip of ['zzzzz', '6o6', '606011', '60601-1234', '-606', '60 60']) {
      expect(zips(zip, zip)).toEqual({
        origin_zip: 'Origin ZIP filter must be 1 to 5 digits',
        dest_zip: 'Destination ZIP filter must be 1 to 5 digits',
      })
    }
    expect(zips('606', 'abc')).toEqual({ dest_zip: 'Destination ZIP filter must be 1 to 5 digits' })
  })

  it('reads the filter fields of a 422, and nothing of other failures', () => {
    const refused = new ApiError(422, 'Validation failed', {
      message: 'Validation failed',
      errors: [
        { field: 'origin_zip', message: 'Origin ZIP filter must be 1 to 5 digits', rule: 'regex' },
        { field: 'limit', message: 'Limit must be a whole number from 1 to 100', rule: 'range' },
      ],
    })
    expect(isRefusedFilter(refused)).toBe(true)
    expect(boardFilterErrorsOf(refused)).toEqual({
      origin_zip: 'Origin ZIP filter must be 1 to 5 digits',
    })
    const down = new ApiError(500, 'Board unavailable', { message: 'Board unavailable' })
    expect(isRefusedFilter(down)).toBe(false)
    expect(boardFilterErrorsOf(down)).toEqual({})
    expect(boardFilterErrorsOf(new Error('offline'))).toEqual({})
  })
})
