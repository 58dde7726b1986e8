import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

/** A carrier's vetting and certificate beside its form. */
export type CarrierVettingSummary = components['schemas']['CarrierVettingSummary']

export type PendingUser = {
  id: number
  firstName: string | null
  lastName: string | null
  email: string
  role: string
  phone: string | null
  createdAt: string
  companyName: string | null
  dotNumber: string | null
  mcNumber: string | null
  carrierId: number | null
  carrierVetting: CarrierVettingSummary | null
}

export const pendingUsersKey = '/api/admin/users/pending'

export function getPendingUsers(): Promise<PendingUser[]> {
  return api.get<PendingUser[]>(pendingUsersKey)
}

export function usePendingUsers() {
  return useSWR<PendingUser[]>(pendingUsersKey, getPendingUsers)
}
