import type { paths } from '@/types/api'

/*
 * Names for the API's shapes, taken from the generated contract types (contract/api.d.ts,
 * `npm run api:types` from docs/openapi.json): when the contract changes a shape, every use
 * of it stops type-checking until the frontend follows.
 */

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never

/** The JSON body a path and method answer with `status` (200 by default). */
export type ResponseOf<
  P extends keyof paths,
  M extends keyof paths[P],
  S extends number = 200,
> = paths[P][M] extends { responses: infer R } ? (S extends keyof R ? Json<R[S]> : never) : never

/** The JSON body a path and method take. */
export type RequestOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: infer B
}
  ? Json<NonNullable<B>>
  : never
