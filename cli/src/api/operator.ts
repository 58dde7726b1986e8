/** The operator's reads and actions beyond the core client: typed calls over `send`. */

import type { PalletlineApi } from './client.js'
import type { components, paths } from '../../../contract/api.js'

type Schemas = components['schemas']
type QueryOf<P extends keyof paths> = paths[P]['get'] extends {
  parameters: { query?: infer Q }
}
  ? NonNullable<Q>
  : never

export type RevealPage = Schemas['IdentityRevealPage']
export type RevealEntry = RevealPage['data'][number]
export type RevealQuery = QueryOf<'/api/admin/reveals'>
export type PayoutPage = Schemas['PayoutPage']
/** A row of the admin's payout list: a booking's or an expedited job's payout, by `kind`. */
export type Payout = Schemas['PayoutListItem']
export type PayoutQuery = QueryOf<'/api/admin/payouts'>
export type PayoutRetryResult = Schemas['PayoutRetryResult']
export type ExpeditedPayoutRetryResult = Schemas['ExpeditedPayoutRetryResult']
export type Deployment = Schemas['Deployment']
export type ScheduledJobList = Schemas['ScheduledJobList']
export type ScheduledJob = Schemas['ScheduledJob']
export type JobRunPage = Schemas['JobRunPage']
export type JobRun = Schemas['JobRun']
export type JobRunQuery = QueryOf<'/api/admin/jobs/runs'>
export type CarrierPage = Schemas['FleetCarrierPage']
export type FleetCarrier = Schemas['FleetCarrier']
export type CarrierQuery = QueryOf<'/api/admin/carriers'>
export type FreightLoadPage = Schemas['AdminFreightLoadPage']
export type FreightLoad = Schemas['AdminFreightLoad']
export type FreightLoadQuery = QueryOf<'/api/admin/freight-listings'>
export type StatusChange = Schemas['StatusChange']
export type AdminUserPage = Schemas['AdminUserPage']
export type AdminUser = Schemas['AdminUserListItem']
export type AdminUserDetail = Schemas['AdminUserDetail']
export type AdminUserQuery = QueryOf<'/api/admin/users'>
export type AdminUserAction = Schemas['AdminUserAction']
export type AdminUserActionResult = Schemas['AdminUserActionResult']
export type AdminUserActionRequest = Schemas['AdminUserActionRequest']
export type PageMeta = Schemas['PageMeta']

/** `?a=1&b=x` from the set values, in a stable order; empty when none is set. */
export function queryString(query: object): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

export class OperatorApi {
  constructor(private readonly api: PalletlineApi) {}

  reveals(query: RevealQuery = {}): Promise<RevealPage> {
    return this.api.send('GET', `/api/admin/reveals${queryString(query)}`)
  }

  payouts(query: PayoutQuery = {}): Promise<PayoutPage> {
    return this.api.send('GET', `/api/admin/payouts${queryString(query)}`)
  }

  retryPayout(bookingId: number): Promise<PayoutRetryResult> {
    return this.api.send('POST', `/api/admin/payouts/${bookingId}/retry`)
  }

  /** A delivered expedited job's failed payout, retried by its job id (docs/decisions/0188). */
  retryExpeditedPayout(jobId: number): Promise<ExpeditedPayoutRetryResult> {
    return this.api.send('POST', `/api/admin/expedited-payouts/${jobId}/retry`)
  }

  deployment(): Promise<Deployment> {
    return this.api.send('GET', '/api/admin/deployment')
  }

  jobs(): Promise<ScheduledJobList> {
    return this.api.send('GET', '/api/admin/jobs')
  }

  jobRuns(query: JobRunQuery = {}): Promise<JobRunPage> {
    return this.api.send('GET', `/api/admin/jobs/runs${queryString(query)}`)
  }

  carriers(query: CarrierQuery = {}): Promise<CarrierPage> {
    return this.api.send('GET', `/api/admin/carriers${queryString(query)}`)
  }

  freightLoads(query: FreightLoadQuery = {}): Promise<FreightLoadPage> {
    return this.api.send('GET', `/api/admin/freight-listings${queryString(query)}`)
  }

  users(query: AdminUserQuery = {}): Promise<AdminUserPage> {
    return this.api.send('GET', `/api/admin/users${queryString(query)}`)
  }

  user(userId: number): Promise<AdminUserDetail> {
    return this.api.send('GET', `/api/admin/users/${userId}`)
  }

  /** Done (the result), or on an admin account requested of a second admin (the request). */
  actOnUser(
    userId: number,
    action: AdminUserAction,
    reason: string
  ): Promise<AdminUserActionResult | AdminUserActionRequest> {
    return this.api.send('POST', `/api/admin/users/${userId}/${action}`, { reason })
  }

  /** Actions on admin accounts waiting for a second admin (decision 0212). */
  userActionRequests(): Promise<AdminUserActionRequest[]> {
    return this.api.send('GET', '/api/admin/user-actions')
  }

  /** The second admin confirms a waiting action: it is carried out now. */
  confirmUserAction(requestId: number): Promise<AdminUserActionResult> {
    return this.api.send('POST', `/api/admin/user-actions/${requestId}/confirm`)
  }

  bookingHistory(bookingId: number): Promise<StatusChange[]> {
    return this.api.send('GET', `/api/bookings/${bookingId}/history`)
  }
}
