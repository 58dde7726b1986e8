import { api } from '@/lib/api-client'
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency'
import type { LoadImportPosted, LoadImportPreview } from '@/features/freight-board/api/types'

/** The example CSV: the header with every column and two loads. */
export const LOAD_IMPORT_EXAMPLE_URL = '/api/load-imports/example.csv'
/** The server's limits (docs/api.md, "Repeat loads"); checked here first to say so sooner. */
export const MAX_IMPORT_BYTES = 512 * 1024
export const MAX_IMPORT_ROWS = 500

/** POST /api/load-imports/preview: every row checked, nothing posted. */
export function previewLoadImport(csv: string) {
  return api.post<LoadImportPreview>('/api/load-imports/preview', { csv })
}

/** POST /api/load-imports: every row posted, or none; the key makes a double click post once. */
export function commitLoadImport(csv: string, idempotencyKey: string) {
  return api.post<LoadImportPosted>(
    '/api/load-imports',
    { csv },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }
  )
}
