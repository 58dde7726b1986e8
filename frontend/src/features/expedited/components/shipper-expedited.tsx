import * as React from 'react'
import { Zap } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { cancelExpeditedJob } from '@/features/expedited/api/cancel-expedited-job'
import { useShipperExpeditedJobs } from '@/features/expedited/api/get-shipper-expedited-jobs'
import {
  shipperExpeditedChannel,
  type ExpeditedJob,
  type ExpeditedLiveMessage,
} from '@/features/expedited/api/types'
import { ExpeditedJobCard } from '@/features/expedited/components/expedited-job-card'
import { ExpeditedRequestForm } from '@/features/expedited/components/expedited-request-form'
import {
  ExpeditedPayPanel,
  type RenderExpeditedPaymentForm,
} from '@/features/expedited/components/expedited-pay-panel'
import { isLive } from '@/features/expedited/utils/format-expedited'
import { serverMessage } from '@/lib/api-errors'
import { useLiveChannel } from '@/lib/live'

const ExpeditedMap = React.lazy(() => import('@/features/expedited/components/expedited-map'))

/**
 * The shipper's Expedited section: request form, the card payment that offers a job
 * (docs/decisions/0188), jobs with live ETA, and a map of one job. `shipperId` names the
 * shipper's live channel (the route passes the signed-in user's id); `renderPaymentForm` is the
 * payments feature's card form, composed by the route.
 */
export function ShipperExpedited({
  shipperId,
  renderPaymentForm,
}: {
  shipperId: number
  renderPaymentForm?: RenderExpeditedPaymentForm
}) {
  const query = useShipperExpeditedJobs()
  const { mutate } = query
  const revalidate = React.useCallback(() => void mutate(), [mutate])
  useLiveChannel<ExpeditedLiveMessage>(shipperExpeditedChannel(shipperId), revalidate, revalidate)
  const [shown, setShown] = React.useState<number | null>(null)
  // Cancelling cannot be undone: the job is asked about first.
  const [toCancel, setToCancel] = React.useState<ExpeditedJob | null>(null)
  const [cancelling, setCancelling] = React.useState(false)
  // The job being paid: just requested, or awaiting payment after a declined card.
  const [payingId, setPayingId] = React.useState<number | null>(null)
  const jobs = query.data ?? []
  const paying = jobs.find((j) => j.id === payingId && j.status === 'PAYMENT_PENDING')
  const mapped: ExpeditedJob | undefined =
    jobs.find((j) => j.id === shown) ?? jobs.find(isLive) ?? jobs[0]

  async function cancel(job: ExpeditedJob) {
    setCancelling(true)
    try {
      await cancelExpeditedJob(job.id)
      toast({ title: `${job.reference} cancelled` })
    } catch (error) {
      toast({ variant: 'destructive', title: serverMessage(error, 'Could not cancel the job') })
    } finally {
      setCancelling(false)
      setToCancel(null)
      revalidate()
    }
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Expedited</h1>
        <p className="text-slate-600">
          Time-critical freight with a delivery SLA, offered to nearby expedited carriers.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Request an expedited job</CardTitle>
          <CardDescription>
            The price comes from our lane model for expedited service; you see it before you pay,
            and the job is offered to carriers once your payment is confirmed.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {paying && renderPaymentForm ? (
            <ExpeditedPayPanel
              key={paying.id}
              job={paying}
              renderPaymentForm={renderPaymentForm}
              onPaid={() => {
                toast({ variant: 'success', title: `${paying.reference} paid` })
                setPayingId(null)
                revalidate()
              }}
              onFailed={revalidate}
              onClose={() => setPayingId(null)}
            />
          ) : (
            <ExpeditedRequestForm
              onRequested={(id) => {
                setShown(id)
                setPayingId(id)
              }}
            />
          )}
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="exp-jobs-title" className="space-y-3">
          <h2 id="exp-jobs-title" className="text-lg font-semibold text-slate-900">
            My expedited jobs
          </h2>
          <LoadStates
            query={query}
            loadingLabel="Loading expedited jobs"
            errorTitle="Could not load your expedited jobs"
            empty={{ icon: Zap, title: 'No expedited jobs yet' }}
          >
            {(list) => (
              <ul aria-label="My expedited jobs" className="space-y-3">
                {list.map((job) => (
                  <ExpeditedJobCard key={job.id} job={job}>
                    <div className="flex flex-wrap gap-2">
                      <Button variant="outline" size="sm" onClick={() => setShown(job.id)}>
                        Show on map
                      </Button>
                      {job.status === 'PAYMENT_PENDING' && renderPaymentForm ? (
                        <Button size="sm" onClick={() => setPayingId(job.id)}>
                          {job.paymentStatus === 'failed' ? 'Try another card' : 'Pay'}
                        </Button>
                      ) : null}
                      {job.status === 'PAYMENT_PENDING' ||
                      job.status === 'REQUESTED' ||
                      job.status === 'ACCEPTED' ? (
                        <Button variant="ghost" size="sm" onClick={() => setToCancel(job)}>
                          Cancel
                        </Button>
                      ) : null}
                    </div>
                  </ExpeditedJobCard>
                ))}
              </ul>
            )}
          </LoadStates>
        </section>
        <section aria-labelledby="exp-map-title" className="space-y-3">
          <h2 id="exp-map-title" className="text-lg font-semibold text-slate-900">
            {mapped ? `Map: ${mapped.reference}` : 'Map'}
          </h2>
          {mapped ? (
            <React.Suspense fallback={<Skeleton className="aspect-[975/610] w-full" />}>
              <ExpeditedMap job={mapped} />
            </React.Suspense>
          ) : (
            <p className="text-sm text-slate-500">Your jobs appear here once requested.</p>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={toCancel != null}
        title={`Cancel expedited job ${toCancel?.reference ?? ''}?`}
        description={`It is withdrawn${
          toCancel?.carrierName
            ? `, and ${toCancel.carrierName}, who accepted it, is told the job is off`
            : ' from the carriers it was offered to'
        }${toCancel?.paymentStatus === 'paid' ? '; your payment is refunded in full' : ''}. It cannot be undone.`}
        confirmLabel="Cancel job"
        busyLabel="Cancelling..."
        cancelLabel="Keep job"
        busy={cancelling}
        onConfirm={() => toCancel && void cancel(toCancel)}
        onCancel={() => setToCancel(null)}
      />
    </div>
  )
}
