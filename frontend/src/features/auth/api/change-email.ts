import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { RequestOf, ResponseOf } from '@/types/api-contract'

export type ChangeEmailInput = RequestOf<'/api/account/email', 'put'>

/** The sign-in email and the change waiting for its link (decision 0167). */
export type EmailChangeState = ResponseOf<'/api/account/email', 'get'>
export type PendingEmailChange = NonNullable<EmailChangeState['pending']>

export const emailChangeKey = '/api/account/email'

/** GET /api/account/email. */
export function useEmailChange() {
  return useSWR<EmailChangeState>(emailChangeKey)
}

/**
 * PUT /api/account/email: 202 with the change waiting for the link mailed to the new address;
 * 422 with field errors (`email`, `currentPassword`), 429 when the password was tried too often.
 */
export function changeEmail(input: ChangeEmailInput): Promise<EmailChangeState> {
  return api.put<EmailChangeState>(emailChangeKey, input)
}

/** POST /api/account/email/resend: a new link (the earlier one stops working). */
export function resendEmailChange(): Promise<EmailChangeState> {
  return api.post<EmailChangeState>('/api/account/email/resend')
}

/** DELETE /api/account/email/pending: the waiting change is dropped. */
export function cancelEmailChange(): Promise<EmailChangeState> {
  return api.delete<EmailChangeState>('/api/account/email/pending')
}

export type EmailChangeConfirmed = ResponseOf<'/api/account/email/confirm', 'post'>

/** POST /api/account/email/confirm: the link's token; 404 unknown, 409 spent or address taken. */
export function confirmEmailChange(token: string): Promise<EmailChangeConfirmed> {
  return api.post<EmailChangeConfirmed>('/api/account/email/confirm', { token })
}
