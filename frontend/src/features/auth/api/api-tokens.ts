import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { RequestOf, ResponseOf } from '@/types/api-contract'

/** One of the signed-in user's API tokens, never with its secret. */
export type ApiToken = ResponseOf<'/api/account/tokens', 'get'>[number]

/** The answer to a creation: the secret `token` is in this response only. */
export type CreatedApiToken = ResponseOf<'/api/account/tokens', 'post', 201>

export type CreateApiTokenInput = RequestOf<'/api/account/tokens', 'post'>

export const apiTokensKey = '/api/account/tokens'

/** GET /api/account/tokens: the user's own tokens, newest first. */
export function getApiTokens(): Promise<ApiToken[]> {
  return api.get<ApiToken[]>(apiTokensKey)
}

export function useApiTokens() {
  return useSWR<ApiToken[]>(apiTokensKey, getApiTokens)
}

/**
 * POST /api/account/tokens: 201 with the secret; 422 with field errors (the 10-token limit on
 * `name`); 403 for a carrier not approved yet.
 */
export function createApiToken(input: CreateApiTokenInput): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>(apiTokensKey, input)
}

/** DELETE /api/account/tokens/{id}: 204, the token stops working at once; 404 when unknown. */
export function revokeApiToken(id: number): Promise<null> {
  return api.delete<null>(`${apiTokensKey}/${id}`)
}
