import useSWR from 'swr'
import { api } from '@/lib/api-client'

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
}

export const pendingUsersKey = '/api/admin/users/pending'

export function getPendingUsers(): Promise<PendingUser[]> {
  return api.get<PendingUser[]>(pendingUsersKey)
}

export function usePendingUsers() {
  return useSWR<PendingUser[]>(pendingUsersKey, getPendingUsers)
}
