import * as React from 'react'
import { FileCheck2, FileText } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { toast } from '@/components/ui/use-toast'
import { carrierBookingsKey } from '@/features/carrier/api/get-carrier-bookings'
import { under, useRefresh } from '@/features/carrier/api/refresh'
import { serverMessage } from '@/lib/api-errors'
import { formatCurrency, formatDateTime } from '@/lib/format'
import {
  acceptRateConfirmation,
  rateConfirmationKey,
  useRateConfirmation,
} from '@/lib/rate-confirmation'

const dollars = (cents: number) => formatCurrency(cents / 100)

/**
 * A paid booking's rate confirmation on the carrier's booking (docs/decisions/0226): its rate,
 * the carrier's pay and the PDF, and Accept until it is accepted; a revision says what changed
 * and lists the versions it replaces (0250). Accepting asks first (it binds
 * the carrier to the rate and cannot be undone); the pickup opens once it is accepted.
 */
export function RateConfirmationCard({
  bookingId,
  reference,
}: {
  bookingId: number
  reference: string
}) {
  const { data, error, isLoading, mutate } = useRateConfirmation(bookingId)
  const refresh = useRefresh()
  const [open, setOpen] = React.useState(false)
  const [busy, setBusy] = React.useState(false)

  const accept = async () => {
    setBusy(true)
    try {
      const accepted = await acceptRateConfirmation(bookingId, data?.number)
      await mutate(accepted, { revalidate: false })
      toast({ variant: 'success', title: 'Rate confirmation accepted', description: reference })
      setOpen(false)
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: 'Could not accept the rate confirmation',
        description: serverMessage(failure, 'Please try again'),
      })
      setOpen(false)
      // A newer revision may have been issued meanwhile: show it.
      void mutate()
    } finally {
      setBusy(false)
      // The pickup opens: the booking's allowed statuses change.
      void refresh(under(carrierBookingsKey), (key) => key === rateConfirmationKey(bookingId))
    }
  }

  if (isLoading) {
    return (
      <p className="text-sm text-slate-500" role="status">
        Loading the rate confirmation…
      </p>
    )
  }
  if (error || !data) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-red-700" role="alert">
        Could not load the rate confirmation.
        <Button size="sm" variant="outline" onClick={() => void mutate()}>
          Try again
        </Button>
      </div>
    )
  }

  const accepted = data.accepted
  return (
    <section
      aria-label={`Rate confirmation ${data.number}`}
      className={
        accepted
          ? 'rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm'
          : 'rounded-md border border-amber-300 bg-amber-50 p-3 text-sm'
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <p className="font-medium text-slate-900">
            Rate confirmation {data.number}
            {data.carrierPayCents != null ? ` · your pay ${dollars(data.carrierPayCents)}` : ''}
          </p>
          {data.revision > 0 ? (
            <p className="text-slate-700" data-testid={`rate-confirmation-revision-${bookingId}`}>
              Revised: {data.reason ?? 'the load changed'}. It replaces{' '}
              {data.revisions
                .filter((r) => r.status === 'superseded')
                .map((r) => r.number)
                .join(', ')}
              .
            </p>
          ) : null}
          {accepted ? (
            <p className="text-emerald-900">
              <FileCheck2 className="mr-1 inline h-4 w-4" aria-hidden="true" />
              Accepted by {accepted.name} on {formatDateTime(accepted.at)}
            </p>
          ) : data.holdsPickup ? (
            <p className="text-amber-900">
              Accept it before the pickup: In Transit opens once it is accepted.
            </p>
          ) : (
            <p className="text-amber-900">
              Accept the revised rate confirmation: it does not hold the delivery.
            </p>
          )}
          {data.revisions.length > 1 ? (
            <details className="text-slate-700">
              <summary className="cursor-pointer">
                Earlier versions ({data.revisions.length - 1})
              </summary>
              <ul className="mt-1 space-y-1">
                {data.revisions
                  .filter((r) => r.number !== data.number)
                  .map((r) => (
                    <li key={r.number}>
                      <a
                        href={r.downloadUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="text-blue-700 underline underline-offset-2"
                      >
                        {r.number}
                      </a>{' '}
                      superseded{r.accepted ? `, accepted by ${r.accepted.name}` : ''}
                    </li>
                  ))}
              </ul>
            </details>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            <a href={data.downloadUrl} target="_blank" rel="noreferrer">
              <FileText className="h-4 w-4" aria-hidden="true" />
              View PDF
            </a>
          </Button>
          {accepted ? null : (
            <Button size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
              Accept rate confirmation
            </Button>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={open}
        title={
          data.revision > 0
            ? `Accept revised rate confirmation ${data.number} for ${reference}?`
            : `Accept the rate confirmation for ${reference}?`
        }
        description={`You agree to haul ${reference} for the line haul of ${dollars(data.lineHaulCents)}${data.carrierPayCents != null ? `, paid to you as ${dollars(data.carrierPayCents)}` : ''}, on the terms in the PDF. Your name, the time and this device are recorded. This cannot be undone.`}
        confirmLabel="Accept rate confirmation"
        busyLabel="Accepting..."
        cancelLabel="Not yet"
        confirmVariant="default"
        busy={busy}
        onConfirm={() => void accept()}
        onCancel={() => setOpen(false)}
      />
    </section>
  )
}
