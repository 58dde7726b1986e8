import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { RequestOf, ResponseOf } from '@/types/api-contract'

/** The company and its members, owners first (decision 0223). */
export type Company = ResponseOf<'/api/company', 'get'>
export type CompanyMember = Company['members'][number]
export type CompanyInvite = ResponseOf<'/api/company/invites', 'get'>[number]
export type CompanyRole = CompanyMember['role']
export type InviteInput = RequestOf<'/api/company/invites', 'post'>

export const companyKey = '/api/company'
export const companyInvitesKey = '/api/company/invites'

/** The roles a company of each kind has, with what each may do (the role matrix). */
export const ROLES: Record<Company['kind'], { value: CompanyRole; label: string; does: string }[]> =
  {
    carrier: [
      { value: 'owner', label: 'Owner', does: 'everything, the team and the payout account' },
      {
        value: 'dispatcher',
        label: 'Dispatcher',
        does: 'trucks, listings, the board, bookings and status',
      },
      {
        value: 'driver',
        label: 'Driver',
        does: 'bookings, expedited jobs, status and proof of delivery',
      },
      { value: 'accounts', label: 'Accounts', does: 'invoices, payouts, the payout account read' },
    ],
    shipper: [
      { value: 'owner', label: 'Owner', does: 'everything and the team' },
      { value: 'planner', label: 'Planner', does: 'post loads, book, pay, bookings' },
      { value: 'accounts', label: 'Accounts', does: 'invoices and payments, read' },
    ],
  }

export const roleLabel = (role: string) =>
  [...ROLES.carrier, ...ROLES.shipper].find((r) => r.value === role)?.label ?? role

export function useCompany() {
  return useSWR<Company>(companyKey, () => api.get<Company>(companyKey))
}

export function useCompanyInvites() {
  return useSWR<CompanyInvite[]>(companyInvitesKey, () =>
    api.get<CompanyInvite[]>(companyInvitesKey)
  )
}

/** POST /api/company/invites: 201 the invite (its link mailed); 422 naming the field. */
export function inviteMember(input: InviteInput) {
  return api.post<CompanyInvite>(companyInvitesKey, input)
}

/** DELETE /api/company/invites/{id}: 204, the link stops working. */
export function withdrawInvite(id: number) {
  return api.delete<null>(`${companyInvitesKey}/${id}`)
}

/** PATCH /api/company/members/{id}: the member with the new role; 409 for the last owner. */
export function changeMemberRole(id: number, role: CompanyRole) {
  return api.patch<CompanyMember>(`/api/company/members/${id}`, { role })
}

/** DELETE /api/company/members/{id}: 204, their sessions and tokens end; 409 for the last owner. */
export function removeMember(id: number) {
  return api.delete<null>(`/api/company/members/${id}`)
}

/** The carrier company's drivers, whom owners and dispatchers assign work to (decision 0237). */
export type DriverMember = ResponseOf<'/api/company/drivers', 'get'>['drivers'][number]
export const companyDriversKey = '/api/company/drivers'

/** GET /api/company/drivers, its answer as it comes (the live refresh reads it again as is). */
export type CompanyDrivers = ResponseOf<'/api/company/drivers', 'get'>

export function useCompanyDrivers(enabled = true) {
  return useSWR<CompanyDrivers>(enabled ? companyDriversKey : null, () =>
    api.get<CompanyDrivers>(companyDriversKey)
  )
}

/** The answer of each assignment: the driver now on the work (null once unassigned). */
export type DriverAssignment = ResponseOf<'/api/bookings/{id}/driver', 'put'>

/** PUT /api/bookings/{id}/driver: a driver member of the company, or null to unassign. */
export function assignBookingDriver(bookingId: number, memberId: number | null) {
  return api.put<ResponseOf<'/api/bookings/{id}/driver', 'put'>>(
    `/api/bookings/${bookingId}/driver`,
    { memberId }
  )
}

/**
 * PUT /api/drayage/moves/{id}/driver (decision 0246): a driver member of the company, or null
 * to unassign; 409 unless the move is accepted or gated out.
 */
export function assignDrayageMoveDriver(moveId: number, memberId: number | null) {
  return api.put<ResponseOf<'/api/drayage/moves/{id}/driver', 'put'>>(
    `/api/drayage/moves/${moveId}/driver`,
    { memberId }
  )
}

/**
 * PUT /api/expedited-jobs/{id}/driver (decision 0237): a driver member of the company, or null
 * to unassign; 409 unless the job is accepted or picked up.
 */
export function assignExpeditedJobDriver(jobId: number, memberId: number | null) {
  return api.put<ResponseOf<'/api/expedited-jobs/{id}/driver', 'put'>>(
    `/api/expedited-jobs/${jobId}/driver`,
    { memberId }
  )
}
