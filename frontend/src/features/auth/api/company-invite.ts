import { api } from '@/lib/api-client'
import type { RequestOf, ResponseOf } from '@/types/api-contract'

export type InviteLookup = ResponseOf<'/api/invites/{token}', 'get'>
export type AcceptInviteInput = RequestOf<'/api/invites/{token}/accept', 'post'>
export type InviteAccepted = ResponseOf<'/api/invites/{token}/accept', 'post', 201>

/** GET /api/invites/{token}: what a company invite link offers (no sign-in; decision 0223). */
export function lookupInvite(token: string) {
  return api.get<InviteLookup>(`/api/invites/${encodeURIComponent(token)}`)
}

/** POST /api/invites/{token}/accept: the member's own login; nobody is signed in by it. */
export function acceptInvite(token: string, input: AcceptInviteInput) {
  return api.post<InviteAccepted>(`/api/invites/${encodeURIComponent(token)}/accept`, input)
}
