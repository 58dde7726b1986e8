import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { RequestOf, ResponseOf } from '@/types/api-contract'

export type TwoFactorStatus = ResponseOf<'/api/account/two-factor', 'get'>
export type TwoFactorSetup = ResponseOf<'/api/account/two-factor/setup', 'post'>
export type RecoveryCodes = ResponseOf<'/api/account/two-factor/confirm', 'post'>
export type DisableTwoFactorInput = RequestOf<'/api/account/two-factor/disable', 'post'>

export const twoFactorKey = '/api/account/two-factor'

/** GET /api/account/two-factor: on or off, recovery codes left, required (admins). */
export function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>(twoFactorKey)
}

export function useTwoFactorStatus() {
  return useSWR<TwoFactorStatus>(twoFactorKey, getTwoFactorStatus)
}

/** POST /api/account/two-factor/setup: a new secret and its QR code, shown once. */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>(`${twoFactorKey}/setup`)
}

/** POST /api/account/two-factor/confirm: on, with ten recovery codes (422 on a wrong code). */
export function confirmTwoFactor(code: string): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>(`${twoFactorKey}/confirm`, { code })
}

/** POST /api/account/two-factor/recovery-codes: ten new codes for a current code. */
export function regenerateRecoveryCodes(code: string): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>(`${twoFactorKey}/recovery-codes`, { code })
}

/** POST /api/account/two-factor/disable: 204; 422 on the password or the code. */
export function disableTwoFactor(input: DisableTwoFactorInput): Promise<null> {
  return api.post<null>(`${twoFactorKey}/disable`, input)
}
