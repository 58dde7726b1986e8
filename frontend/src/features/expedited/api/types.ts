import type { RequestOf, ResponseOf } from '@/types/api-contract'

/** An expedited job as the API answers it (docs/openapi.json `ExpeditedJob`). */
export type ExpeditedJob = ResponseOf<'/api/shipper/expedited-jobs', 'get'>[number]
export type ExpeditedJobForm = RequestOf<'/api/expedited-jobs', 'post'>
export type ExpeditedJobCreated = ResponseOf<'/api/expedited-jobs', 'post', 201>
export type DriverPosition = RequestOf<'/api/expedited-jobs/{id}/position', 'post'>

/** How often open screens ask again: a driver's position moves the ETA. */
export const EXPEDITED_REFRESH_MS = 10_000

/** What the live channels push: the job that changed; screens refetch (decision 0127). */
export type ExpeditedLiveMessage = { type: string; id: number }

/** Approved carriers' channel: jobs requested, accepted or cancelled. */
export const EXPEDITED_OFFERS_CHANNEL = 'expedited/offers'

/** A shipper's own channel (the server lets only that shipper listen). */
export const shipperExpeditedChannel = (shipperId: number) => `expedited/shipper/${shipperId}`
