import * as React from 'react'
import { Truck, Zap } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { acceptExpeditedJob } from '@/features/expedited/api/accept-expedited-job'
import { useCarrierExpeditedJobs } from '@/features/expedited/api/get-carrier-expedited-jobs'
import { useExpeditedOffers } from '@/features/expedited/api/get-expedited-offers'
import {
  EXPEDITED_OFFERS_CHANNEL,
  type ExpeditedJob,
  type ExpeditedLiveMessage,
} from '@/features/expedited/api/types'
import { DriverPanel } from '@/features/expedited/components/driver-panel'
import { ExpeditedJobCard } from '@/features/expedited/components/expedited-job-card'
import { isLive } from '@/features/expedited/utils/format-expedited'
import { serverMessage } from '@/lib/api-errors'
import { useLiveChannel } from '@/lib/live'

/** The carrier's Expedited section: jobs offered to it, and its jobs with the driver panel. */
/**
 * The carrier's expedited jobs: offered to it, and its own. `driverAction` is the "Assign
 * driver" select on a job being run, for owners and dispatchers (decision 0237).
 */
export function CarrierExpedited({
  driverAction,
}: { driverAction?: (job: ExpeditedJob) => React.ReactNode } = {}) {
  const offers = useExpeditedOffers()
  const mine = useCarrierExpeditedJobs()
  const { mutate } = offers
  const revalidate = React.useCallback(() => void mutate(), [mutate])
  useLiveChannel<ExpeditedLiveMessage>(EXPEDITED_OFFERS_CHANNEL, revalidate, revalidate)

  async function accept(job: ExpeditedJob) {
    try {
      await acceptExpeditedJob(job.id)
      toast({ variant: 'success', title: `${job.reference} accepted` })
    } catch (error) {
      toast({ variant: 'destructive', title: serverMessage(error, 'Could not accept the job') })
    }
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby="exp-offers-title" className="space-y-3">
        <h2 id="exp-offers-title" className="text-lg font-semibold text-slate-900">
          Offered to you
        </h2>
        <p className="text-sm text-slate-600">
          Expedited jobs within 250 miles of your base that one of your trucks can run. The first
          carrier to accept gets the job.
        </p>
        <LoadStates
          query={offers}
          loadingLabel="Loading offered jobs"
          errorTitle="Could not load offered jobs"
          empty={{ icon: Zap, title: 'No expedited jobs offered right now' }}
        >
          {(list) => (
            <ul aria-label="Offered expedited jobs" className="space-y-3">
              {list.map((job) => (
                <ExpeditedJobCard key={job.id} job={job}>
                  <Button size="sm" onClick={() => accept(job)}>
                    Accept {job.reference}
                  </Button>
                </ExpeditedJobCard>
              ))}
            </ul>
          )}
        </LoadStates>
      </section>
      <section aria-labelledby="exp-mine-title" className="space-y-3">
        <h2 id="exp-mine-title" className="text-lg font-semibold text-slate-900">
          My expedited jobs
        </h2>
        <LoadStates
          query={mine}
          loadingLabel="Loading your expedited jobs"
          errorTitle="Could not load your expedited jobs"
          empty={{ icon: Truck, title: 'You have not accepted an expedited job yet' }}
        >
          {(list) => (
            <ul aria-label="My expedited jobs" className="space-y-3">
              {list.map((job) => (
                <ExpeditedJobCard key={job.id} job={job}>
                  {isLive(job) && driverAction ? driverAction(job) : null}
                  {isLive(job) ? <DriverPanel job={job} /> : null}
                </ExpeditedJobCard>
              ))}
            </ul>
          )}
        </LoadStates>
      </section>
    </div>
  )
}
