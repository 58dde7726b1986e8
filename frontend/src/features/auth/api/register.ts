import { api } from '@/lib/api-client'
import type { User } from '@/features/auth/api/get-user'

/** docs/spec.md §3 "Registration payload". confirmPassword is never sent. */
export type RegisterInput = {
  email: string
  password: string
  role: 'shipper' | 'carrier'
  firstName: string
  lastName: string
  phone?: string
  username: string
  companyName?: string
  dotNumber?: string
  mcNumber?: string
  businessAddress?: string
  city?: string
  state?: string
  zipCode?: string
  termsAccepted: boolean
  /** Today's date in America/Los_Angeles, YYYY-MM-DD. */
  effectiveDateString: string
}

/** POST /api/register: creates the account and signs it in (201 with the user). */
export function register(input: RegisterInput): Promise<User> {
  return api.post<User>('/api/register', input)
}
