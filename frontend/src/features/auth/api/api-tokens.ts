import useSWR from 'swr'
import { api } from '@/lib/api-client'

/** One of the signed-in user's API tokens, never with its secret. */
export type ApiToken = {
  id: number
  userId: number
  name: string | null
  lastUsedAt: string | null
  expiresAt: string | null
  createdAt: string
}

/** The answer to a creation: the secret `token` is in this response only. */
export type CreatedApiToken = ApiToken & { token: string }

export const apiTokensKey = '/api/account/tokens'

/** GET /api/account/tokens: the user's own tokens, newest first. */
export function getApiTokens(): Promise<ApiToken[]> {
  return api.get<ApiToken[]>(apiTokensKey)
}

export function useApiTokens() {
  return useSWR<ApiToken[]>(apiTokensKey, getApiTokens)
}

/** POST /api/account/tokens: 201 with the secret; 422 with field errors otherwise. */
export function createApiToken(input: {
  name: string
  expiresInDays: number
}): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>(apiTokensKey, input)
}

/** DELETE /api/account/tokens/{id}: the token stops working at once. */
export function revokeApiToken(id: number): Promise<null> {
  return api.delete<null>(`${apiTokensKey}/${id}`)
}
