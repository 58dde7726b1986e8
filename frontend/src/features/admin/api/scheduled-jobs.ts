import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

/** A scheduled job with its interval and newest recorded run (decision 0140). */
export type ScheduledJob = ResponseOf<'/api/admin/jobs', 'get'>['jobs'][number]
export type JobRun = ResponseOf<'/api/admin/jobs/runs', 'get'>['data'][number]
export type JobRunPage = ResponseOf<'/api/admin/jobs/runs', 'get'>

export const scheduledJobsKey = '/api/admin/jobs'
export const failedRunsKey = '/api/admin/jobs/runs?outcome=failed'

/** GET /api/admin/jobs, refreshed every minute while the console is open. */
export function useScheduledJobs() {
  return useSWR<{ jobs: ScheduledJob[] }>(
    scheduledJobsKey,
    () => api.get<{ jobs: ScheduledJob[] }>(scheduledJobsKey),
    { refreshInterval: 60_000 }
  )
}

/** The newest failed runs, first page (20). */
export function useFailedRuns() {
  return useSWR<JobRunPage>(failedRunsKey, () => api.get<JobRunPage>(failedRunsKey), {
    refreshInterval: 60_000,
  })
}
