import { useCallback } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency'
import type { components } from '@/types/api'

export type CargoClaim = components['schemas']['CargoClaim']
export type CargoClaimDetail = components['schemas']['CargoClaimDetail']
export type AdminCargoClaim = components['schemas']['AdminCargoClaim']
export type CargoClaimFile = components['schemas']['CargoClaimFile']
export type FileCargoClaim = components['schemas']['FileCargoClaim']
export type CargoClaimResponse = components['schemas']['CargoClaimResponse']
export type ClaimStatus = CargoClaim['status']
export type ClaimType = CargoClaim['type']

/** The signed-in shipper's claims, or those against the carrier's company. */
export const claimsKey = '/api/claims'
export const claimKey = (id: number) => `/api/claims/${id}`
/** Every claim, for admins (each filter). */
export const adminClaimsKey = '/api/admin/claims'

export const CLAIM_TYPES: { value: ClaimType; label: string }[] = [
  { value: 'damage', label: 'Damage' },
  { value: 'shortage', label: 'Shortage' },
  { value: 'loss', label: 'Loss' },
  { value: 'delay', label: 'Delay' },
]

/**
 * GET /api/claims. The cache holds the API's answer as it comes (`{ claims }`), as the live
 * refresh loads it again (lib/live-refresh); the hook hands out the list.
 */
export function useClaims() {
  const query = useSWR<{ claims: CargoClaim[] }>(claimsKey, () =>
    api.get<{ claims: CargoClaim[] }>(claimsKey)
  )
  return {
    data: query.data?.claims,
    error: query.error,
    isLoading: query.isLoading,
    isValidating: query.isValidating,
    mutate: query.mutate,
  }
}

/** GET /api/claims/{id}: the claim and its audited steps. */
export function useClaim(id: number | null) {
  return useSWR<CargoClaimDetail>(id === null ? null : claimKey(id), () =>
    api.get<CargoClaimDetail>(claimKey(id!))
  )
}

/** GET /api/admin/claims?status=: escalated first (the cache holds the answer as it comes). */
export function useAdminClaims(status: ClaimStatus | 'all') {
  const key = status === 'all' ? adminClaimsKey : `${adminClaimsKey}?status=${status}`
  const query = useSWR<{ claims: AdminCargoClaim[] }>(key, () =>
    api.get<{ claims: AdminCargoClaim[] }>(key)
  )
  return {
    data: query.data?.claims,
    error: query.error,
    isLoading: query.isLoading,
    isValidating: query.isValidating,
    mutate: query.mutate,
  }
}

/** Every claims read (lists, one claim, the admins'), after a step of ours. */
function useRefreshClaims() {
  const { mutate } = useSWRConfig()
  return useCallback(
    () =>
      mutate(
        (key) =>
          typeof key === 'string' &&
          (key === claimsKey || key.startsWith(`${claimsKey}/`) || key.startsWith(adminClaimsKey))
      ),
    [mutate]
  )
}

/** The steps of a claim, each a POST that answers the claim; the reads refresh after. */
export function useClaimSteps() {
  const refresh = useRefreshClaims()
  const after = useCallback(
    async <T>(step: Promise<T>) => {
      try {
        return await step
      } finally {
        void refresh()
      }
    },
    [refresh]
  )
  return {
    /** POST /api/bookings/{id}/claims, one Idempotency-Key per submission */
    file: (bookingId: number, body: FileCargoClaim, key: string) =>
      after(
        api.post<CargoClaim>(`/api/bookings/${bookingId}/claims`, body, {
          headers: { [IDEMPOTENCY_HEADER]: key },
        })
      ),
    respond: (id: number, body: CargoClaimResponse) =>
      after(api.post<CargoClaim>(`/api/claims/${id}/response`, body)),
    accept: (id: number) => after(api.post<CargoClaim>(`/api/claims/${id}/accept`)),
    escalate: (id: number, reason: string) =>
      after(api.post<CargoClaim>(`/api/claims/${id}/escalate`, { reason })),
    /** POST /api/claims/{id}/files: one photo or document as evidence */
    attach: (id: number, file: File) => {
      const form = new FormData()
      form.set('file', file)
      return after(api.post<CargoClaimFile>(`/api/claims/${id}/files`, form))
    },
    decide: (id: number, amountCents: number, reason: string) =>
      after(api.post<CargoClaim>(`/api/admin/claims/${id}/decision`, { amountCents, reason })),
  }
}

/** `$1,234.50` from integer cents. */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
}

/**
 * Dollars typed by a person (`1,234.5`, `$20`) to integer cents; null when it is not an amount
 * of at most two decimals.
 */
export function parseDollars(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null
  const [whole, fraction = ''] = clean.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

export const STATUS_TEXT: Record<ClaimStatus, string> = {
  filed: 'Waiting for the carrier',
  offered: 'Carrier offered part',
  declined: 'Carrier declined',
  escalated: 'With an admin',
  settled: 'Settled',
  closed: 'Closed',
}
