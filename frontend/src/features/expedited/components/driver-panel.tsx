import * as React from 'react'
import { LocateFixed, PenLine } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { Link } from '@/components/ui/link'
import { paths } from '@/config/paths'
import { markPickedUp, reportPosition } from '@/features/expedited/api/drive-expedited-job'
import type { DriverPosition, ExpeditedJob } from '@/features/expedited/api/types'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { formatDateTime } from '@/lib/format'

/** The browser's position, or null when it has none to give (no API, refused, timed out). */
function currentPosition(): Promise<{ lat: number; lng: number } | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null)
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 10_000 }
    )
  )
}

/** Whether the instant `at` (ISO) has come, rendering again when it comes; true for none. */
function useReached(at: string | null): boolean {
  const target = at ? Date.parse(at) : Number.NaN
  const [reached, setReached] = React.useState(() => !(target > Date.now()))
  React.useEffect(() => {
    const left = target - Date.now()
    if (!(left > 0)) {
      setReached(true)
      return
    }
    setReached(false)
    // setTimeout holds at most 2^31 - 1 ms; the list refetches long before that anyway.
    const timer = setTimeout(() => setReached(true), Math.min(left, 2 ** 31 - 1))
    return () => clearTimeout(timer)
  }, [target])
  return reached
}

/**
 * The driver's panel on an accepted job: send the current position (the browser's location,
 * or a ZIP or coordinates typed by hand), then mark picked up. The delivery is recorded on the
 * stops screen, the signed step with its POD (docs/decisions/0264); the panel links it and says
 * from when the distance allows it (`earliestDeliveryAt`, docs/decisions/0166).
 */
export function DriverPanel({ job }: { job: ExpeditedJob }) {
  const deliverable = useReached(job.earliestDeliveryAt)
  const [manual, setManual] = React.useState({ postal: '', lat: '', lng: '' })
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [busy, setBusy] = React.useState(false)
  const prefix = `driver-${job.id}`

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true)
    setErrors({})
    try {
      await work()
      toast({ variant: 'success', title: done })
    } catch (error) {
      const fields = fieldErrorsOf(error)
      setErrors(fields)
      if (Object.keys(fields).length === 0) {
        toast({ variant: 'destructive', title: serverMessage(error, 'That did not work') })
      }
    } finally {
      setBusy(false)
    }
  }

  async function sendLocation() {
    const here = await currentPosition()
    if (!here) {
      setErrors({ postal: 'Location unavailable: type a ZIP or coordinates instead' })
      return
    }
    await run(() => reportPosition(job.id, here), 'Position sent')
  }

  function sendManual(event: React.FormEvent) {
    event.preventDefault()
    const position: DriverPosition =
      manual.lat.trim() || manual.lng.trim()
        ? { lat: Number(manual.lat), lng: Number(manual.lng) }
        : { postal: manual.postal.trim() }
    return run(() => reportPosition(job.id, position), 'Position sent')
  }

  const error = errors.postal ?? errors.lat ?? errors.lng
  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {job.positionAt
            ? `Last position sent ${formatDateTime(job.positionAt)}`
            : 'No position sent yet'}
        </p>
        <Button type="button" size="sm" variant="outline" onClick={sendLocation} disabled={busy}>
          <LocateFixed aria-hidden="true" className="h-4 w-4" />
          Use my location
        </Button>
      </div>
      <form
        onSubmit={sendManual}
        aria-label={`Send position for ${job.reference}`}
        className="grid gap-2 sm:grid-cols-4 sm:items-end"
      >
        <TextField
          id={`${prefix}-zip`}
          label="ZIP"
          inputMode="numeric"
          value={manual.postal}
          onChange={(e) => setManual((m) => ({ ...m, postal: e.target.value }))}
        />
        <TextField
          id={`${prefix}-lat`}
          label="Latitude"
          inputMode="decimal"
          value={manual.lat}
          onChange={(e) => setManual((m) => ({ ...m, lat: e.target.value }))}
        />
        <TextField
          id={`${prefix}-lng`}
          label="Longitude"
          inputMode="decimal"
          value={manual.lng}
          onChange={(e) => setManual((m) => ({ ...m, lng: e.target.value }))}
        />
        <Button type="submit" size="sm" disabled={busy}>
          Send position
        </Button>
      </form>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {job.status === 'ACCEPTED' ? (
          <Button
            size="sm"
            disabled={busy}
            onClick={() => run(() => markPickedUp(job.id), `${job.reference} picked up`)}
          >
            Mark picked up
          </Button>
        ) : null}
        {job.status === 'PICKED_UP' ? (
          // Delivered only by the driver's signed step, with its POD (docs/decisions/0264).
          <Button asChild size="sm" variant="success">
            <Link
              to={paths.driveExpedited.getHref(job.id)}
              aria-label={`Record delivery of ${job.reference}`}
            >
              <PenLine aria-hidden="true" className="h-4 w-4" />
              Record delivery
            </Link>
          </Button>
        ) : null}
      </div>
      {job.status === 'PICKED_UP' ? (
        <p className="text-sm text-slate-600">
          {!deliverable && job.earliestDeliveryAt
            ? `Delivery can be recorded from ${formatDateTime(job.earliestDeliveryAt)}: ${Math.round(
                job.distanceMiles
              )} miles cannot be driven sooner. `
            : ''}
          The delivery is the driver’s signed step at the stop, with the consignee’s signature.
        </p>
      ) : null}
    </div>
  )
}
