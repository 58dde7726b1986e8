import * as React from 'react'
import { AlertTriangle, Check, CircleDot, CloudOff, FileText, MapPin } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { LoadError } from '@/components/ui/load-error'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { TextAreaField, TextField } from '@/components/ui/text-field'
import {
  expeditedPodHref,
  postPhoto,
  postStep,
  useExpeditedStopEvents,
  useStopEvents,
  type ExceptionKind,
  type ExpeditedStopEventList,
  type StopEvent,
  type StopEventInput,
  type StopEventType,
} from '@/features/drive/api/stop-events'
import { PhotoPicker } from '@/features/drive/components/photo-picker'
import { SignaturePad } from '@/features/drive/components/signature-pad'
import {
  driveQueue,
  type QueuedStep,
  type StepSender,
  type StopSubject,
} from '@/features/drive/utils/offline-queue'
import { currentPosition } from '@/features/drive/utils/position'
import { dataUrlToBlob } from '@/features/drive/utils/resize'
import {
  EXCEPTION_KINDS,
  EXPEDITED_HINTS,
  STEPS,
  nextStepAfter,
} from '@/features/drive/utils/steps'
import { formatCalendarDate, formatDateTime, formatStatus } from '@/lib/format'

const sender: StepSender = {
  photo: async (id, dataUrl, key, kind) =>
    (await postPhoto(id, dataUrlToBlob(dataUrl), key, kind)).id,
  step: (id, body, key, kind) => postStep(id, body, key, kind),
}

const LABEL: Record<StopEventType, string> = {
  ...Object.fromEntries(STEPS.map((s) => [s.type, s.label])),
  exception: 'Exception',
} as Record<StopEventType, string>

const CONFIRM: Record<StopEventType, string> = {
  arrived_pickup: 'Records your arrival at the pickup now. Detention counts from this time.',
  loaded: 'Records the freight as loaded with these pieces, seal and photos.',
  departed_pickup: 'Records your departure and marks the booking In Transit for the shipper.',
  arrived_delivery: 'Records your arrival at the delivery now. Detention counts from this time.',
  delivered:
    'Records the delivery with the consignee’s name and signature, makes the signed proof of delivery and marks the booking Delivered. This cannot be undone.',
  exception: 'Records the exception with its note and photos; the invoice will note it.',
}

/** What differs on an expedited job (decision 0263): its own statuses, no invoice. */
const EXPEDITED_CONFIRM: Partial<Record<StopEventType, string>> = {
  loaded:
    'Records the freight as loaded with these pieces, seal and photos, and marks the job Picked Up for the shipper.',
  departed_pickup: 'Records your departure; the shipper sees the freight on its way.',
  delivered:
    'Records the delivery with the consignee’s name and signature, makes the signed proof of delivery and marks the job Delivered. This cannot be undone.',
  exception: 'Records the exception with its note and photos; the proof of delivery will show it.',
}

/** The phone's online state, following the browser's `online` and `offline` events. */
function useOnline() {
  return React.useSyncExternalStore(
    (notify) => {
      window.addEventListener('online', notify)
      window.addEventListener('offline', notify)
      return () => {
        window.removeEventListener('online', notify)
        window.removeEventListener('offline', notify)
      }
    },
    () => navigator.onLine,
    () => true
  )
}

/** The subject's queued steps, following the queue. */
function useQueued(subject: StopSubject): QueuedStep[] {
  const queue = driveQueue()
  const snapshot = React.useSyncExternalStore(
    (notify) => queue.subscribe(notify),
    () => JSON.stringify(queue.forSubject(subject)),
    () => '[]'
  )
  return React.useMemo(() => JSON.parse(snapshot) as QueuedStep[], [snapshot])
}

type Draft = {
  pieces: string
  sealNumber: string
  consigneeName: string
  signature: string | null
  exceptionKind: ExceptionKind
  exceptionNote: string
  photos: string[]
}

const EMPTY_DRAFT: Draft = {
  pieces: '',
  sealNumber: '',
  consigneeName: '',
  signature: null,
  exceptionKind: 'damage',
  exceptionNote: '',
  photos: [],
}

/** What the stop screen shows of its subject, a booking's or an expedited job's list alike. */
type StopsView = {
  reference: string
  pickup: string
  delivery: string
  /** "4 pallets · pickup 27 Nov 2026 · In Transit" */
  facts: string
  status: string
  /** nothing to record on it (cancelled, unpaid, not accepted, completed) */
  closed: boolean
  events: StopEvent[]
  podHref: string | null
}

/** An expedited job's status as its cards name it. */
const EXPEDITED_STATUS: Record<ExpeditedStopEventList['status'], string> = {
  PAYMENT_PENDING: 'Awaiting payment',
  REQUESTED: 'Requested',
  ACCEPTED: 'Accepted',
  PICKED_UP: 'Picked up',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
}

const pallets = (n: number) => `${n} ${n === 1 ? 'pallet' : 'pallets'}`

/** The booking's or the expedited job's steps, as the screen reads them. */
function useStops(subject: StopSubject) {
  const booking = useStopEvents(subject.kind === 'booking' ? subject.id : null)
  const job = useExpeditedStopEvents(subject.kind === 'expedited' ? subject.id : null)
  if (subject.kind === 'expedited') {
    const d = job.data
    const view: StopsView | undefined = d && {
      reference: d.reference,
      pickup: d.pickup,
      delivery: d.delivery,
      status: EXPEDITED_STATUS[d.status],
      facts: `${pallets(d.pallets)} · deliver by ${formatDateTime(d.deadlineAt)}`,
      closed: ['PAYMENT_PENDING', 'REQUESTED', 'CANCELLED', 'EXPIRED'].includes(d.status),
      events: d.events,
      podHref: d.podAvailable ? expeditedPodHref(d.jobId) : null,
    }
    return { ...job, data: view }
  }
  const d = booking.data
  const view: StopsView | undefined = d && {
    reference: d.reference,
    pickup: d.pickup,
    delivery: d.delivery,
    status: formatStatus(d.status),
    facts: `${d.pallets} pallets · pickup ${d.pickupDate ? formatCalendarDate(d.pickupDate) : 'not set'}`,
    closed: ['cancelled', 'pending', 'completed'].includes(d.status),
    events: d.events,
    podHref: d.podDocumentId ? `/api/tms/documents/${d.podDocumentId}/download` : null,
  }
  return { ...booking, data: view }
}

/** The driver's phone screen for one booking (docs/decisions/0243). */
export function DriveBooking({ bookingId }: { bookingId: number }) {
  return <DriveStops subject={{ kind: 'booking', id: bookingId }} />
}

/**
 * The driver's phone screen for one booking or expedited job (docs/decisions/0243, 0263): the
 * steps in order as big buttons, the current one highlighted with what it asks for; every step
 * goes through the offline queue, which says "Queued, will send when online" and then "Sent".
 */
export function DriveStops({ subject }: { subject: StopSubject }) {
  const { data, error, isLoading, mutate, isValidating } = useStops(subject)
  const queued = useQueued(subject)
  const noun = subject.kind === 'booking' ? 'booking' : 'expedited job'
  const online = useOnline()
  const [draft, setDraft] = React.useState<Draft>(EMPTY_DRAFT)
  const [mode, setMode] = React.useState<'step' | 'exception'>('step')
  const [confirming, setConfirming] = React.useState<StopEventType | null>(null)
  const [problems, setProblems] = React.useState<Partial<Record<keyof Draft, string>>>({})
  const [saving, setSaving] = React.useState(false)

  const flush = React.useCallback(async () => {
    await driveQueue().flush(sender)
    await mutate()
  }, [mutate])

  // Back online (or on opening the screen): send what waited.
  React.useEffect(() => {
    if (navigator.onLine) void flush()
    const resend = () => void flush()
    window.addEventListener('online', resend)
    return () => window.removeEventListener('online', resend)
  }, [flush])

  // A failed load stays on screen while it is tried again (SWR retries it).
  if (isLoading && !error) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-8 w-40" />
        {STEPS.map((s) => (
          <Skeleton key={s.type} className="h-16 w-full" />
        ))}
      </div>
    )
  }
  if (error || !data) {
    return (
      <LoadError
        title={`This ${noun} could not be loaded`}
        error={error ?? new Error('No answer')}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    )
  }

  const pending = queued.filter((q) => q.state !== 'failed')
  const done = [...data.events.map((e) => e.type), ...pending.map((q) => q.body.type)]
  const next = nextStepAfter(done)
  const atDelivery = next === 'delivered'
  const exceptionsPending = pending.filter((q) => q.body.type === 'exception').length
  const serverExceptions = data.events.filter((e) => e.type === 'exception').length
  const closed = data.closed
  const current: StopEventType | null = mode === 'exception' && atDelivery ? 'exception' : next

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }))
    setProblems((p) => ({ ...p, [key]: undefined }))
  }

  const check = (type: StopEventType): boolean => {
    const found: Partial<Record<keyof Draft, string>> = {}
    if (type === 'loaded' && !/^\d+$/.test(draft.pieces.trim())) {
      found.pieces = 'Count the pieces loaded'
    }
    if (type === 'delivered') {
      if (draft.consigneeName.trim().length < 2) found.consigneeName = 'Who signed for it?'
      if (!draft.signature) found.signature = 'The consignee signs in the box'
    }
    if (type === 'exception' && draft.exceptionNote.trim().length < 3) {
      found.exceptionNote = 'Say what happened'
    }
    setProblems(found)
    return Object.keys(found).length === 0
  }

  const record = async (type: StopEventType) => {
    setSaving(true)
    const position = await currentPosition()
    const body: Omit<StopEventInput, 'photoIds'> = {
      type,
      at: new Date().toISOString(),
      ...(position ? { lat: position.lat, lng: position.lng, accuracyM: position.accuracyM } : {}),
      ...(type === 'loaded'
        ? {
            pieces: Number(draft.pieces),
            ...(draft.sealNumber.trim() ? { sealNumber: draft.sealNumber.trim() } : {}),
          }
        : {}),
      ...(type === 'delivered'
        ? { consigneeName: draft.consigneeName.trim(), signature: draft.signature! }
        : {}),
      ...(type === 'exception'
        ? { exception: { kind: draft.exceptionKind, note: draft.exceptionNote.trim() } }
        : {}),
    }
    const withPhotos = type === 'loaded' || type === 'exception' || type === 'delivered'
    driveQueue().enqueue(subject, body, withPhotos ? draft.photos : [])
    setDraft(EMPTY_DRAFT)
    setMode('step')
    setConfirming(null)
    setSaving(false)
    if (navigator.onLine) void flush()
  }

  const failed = queued.filter((q) => q.state === 'failed')

  return (
    <div className="space-y-5">
      <header className="space-y-1">
        <p className="text-sm font-medium text-slate-600">Driver · {data.reference}</p>
        <h1 className="text-2xl font-bold text-slate-900">
          {data.pickup || 'Pickup'} → {data.delivery || 'Delivery'}
        </h1>
        <p className="text-sm text-slate-700">
          {data.facts} · <span className="font-medium">{data.status}</span>
        </p>
      </header>

      {!online ? (
        <Alert variant="info" title="You are offline">
          <span className="inline-flex items-center gap-1">
            <CloudOff className="h-4 w-4" aria-hidden="true" /> Steps are kept on this phone and
            sent when it is back online.
          </span>
        </Alert>
      ) : null}

      {closed ? (
        <Alert variant="info" title={`This ${noun} is ${data.status.toLowerCase()}`}>
          There are no steps to record on it.
        </Alert>
      ) : null}

      {failed.map((item) => (
        <Alert key={item.key} variant="error" title={`${LABEL[item.body.type]} was not recorded`}>
          <p>{item.error}</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => driveQueue().discard(item.key)}
          >
            Dismiss
          </Button>
        </Alert>
      ))}

      <ol className="space-y-3" aria-label="Steps">
        {STEPS.map((step, index) => {
          const recorded = data.events.find((e) => e.type === step.type)
          const waiting = pending.find((q) => q.body.type === step.type)
          const isCurrent = !closed && step.type === next
          const state = recorded || waiting ? 'done' : isCurrent ? 'current' : 'later'
          return (
            <li
              key={step.type}
              aria-current={isCurrent ? 'step' : undefined}
              className={`rounded-lg border-2 p-3 ${
                state === 'current'
                  ? 'border-brand-700 bg-brand-50'
                  : state === 'done'
                    ? 'border-emerald-200 bg-emerald-50'
                    : 'border-slate-200 bg-white'
              }`}
            >
              <div className="flex items-start gap-3">
                <span
                  className={`mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                    state === 'done'
                      ? 'bg-emerald-700 text-white'
                      : state === 'current'
                        ? 'bg-brand-700 text-white'
                        : 'bg-slate-200 text-slate-700'
                  }`}
                  aria-hidden="true"
                >
                  {state === 'done' ? <Check className="h-4 w-4" /> : index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-lg font-semibold text-slate-900">{step.label}</p>
                  {recorded ? (
                    <p className="text-sm text-emerald-800">
                      Sent ·{' '}
                      {new Date(recorded.recordedAt).toLocaleTimeString([], {
                        hour: '2-digit',
                        minute: '2-digit',
                      })}
                      {recorded.position ? (
                        <span className="ml-1 inline-flex items-center gap-0.5">
                          <MapPin className="h-3 w-3" aria-hidden="true" /> position shared
                        </span>
                      ) : null}
                    </p>
                  ) : waiting ? (
                    <p className="text-sm font-medium text-amber-800" role="status">
                      {waiting.state === 'sending' ? 'Sending…' : 'Queued, will send when online'}
                    </p>
                  ) : (
                    <p className="text-sm text-slate-600">
                      {(subject.kind === 'expedited' ? EXPEDITED_HINTS[step.type] : undefined) ??
                        step.hint}
                    </p>
                  )}
                </div>
              </div>
              {isCurrent && current === step.type ? (
                <StepForm
                  type={step.type}
                  draft={draft}
                  problems={problems}
                  set={set}
                  onSubmit={() => check(step.type) && setConfirming(step.type)}
                />
              ) : null}
            </li>
          )
        })}
      </ol>

      {!closed && atDelivery ? (
        <section
          className="rounded-lg border-2 border-amber-300 bg-amber-50 p-3"
          aria-label="Exceptions"
        >
          <div className="flex items-center justify-between gap-2">
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              <AlertTriangle className="h-5 w-5 text-amber-700" aria-hidden="true" />
              Shortage, damage or refused?
            </p>
            {mode === 'step' ? (
              <Button variant="outline" onClick={() => setMode('exception')}>
                Report exception
              </Button>
            ) : (
              <Button variant="ghost" onClick={() => setMode('step')}>
                Cancel
              </Button>
            )}
          </div>
          {serverExceptions + exceptionsPending > 0 ? (
            <p className="mt-1 text-sm text-amber-900">
              {serverExceptions + exceptionsPending} exception
              {serverExceptions + exceptionsPending === 1 ? '' : 's'} recorded
              {exceptionsPending > 0 ? ' (queued, will send when online)' : ''}
            </p>
          ) : null}
          {mode === 'exception' ? (
            <StepForm
              type="exception"
              draft={draft}
              problems={problems}
              set={set}
              onSubmit={() => check('exception') && setConfirming('exception')}
            />
          ) : null}
        </section>
      ) : null}

      {next === null && data.podHref ? (
        <Alert variant="success" title="Delivered and signed">
          <a className="inline-flex items-center gap-1 font-medium underline" href={data.podHref}>
            <FileText className="h-4 w-4" aria-hidden="true" /> Proof of delivery (PDF)
          </a>
        </Alert>
      ) : null}
      {next === null && !data.podHref && pending.some((q) => q.body.type === 'delivered') ? (
        <Alert variant="info" title="Delivery queued">
          The signed proof of delivery is made when the step reaches the server.
        </Alert>
      ) : null}

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `Record “${LABEL[confirming]}”?` : ''}
        description={
          confirming
            ? ((subject.kind === 'expedited' ? EXPEDITED_CONFIRM[confirming] : undefined) ??
              CONFIRM[confirming])
            : ''
        }
        confirmLabel="Record"
        busyLabel="Recording…"
        cancelLabel="Not yet"
        confirmVariant="default"
        busy={saving}
        onConfirm={() => confirming && void record(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  )
}

function StepForm({
  type,
  draft,
  problems,
  set,
  onSubmit,
}: {
  type: StopEventType
  draft: Draft
  problems: Partial<Record<keyof Draft, string>>
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void
  onSubmit: () => void
}) {
  return (
    <form
      className="mt-3 space-y-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {type === 'loaded' ? (
        <>
          <TextField
            id="pieces"
            label="Pieces loaded"
            inputMode="numeric"
            value={draft.pieces}
            onChange={(e) => set('pieces', e.target.value)}
            error={problems.pieces}
          />
          <TextField
            id="seal"
            label="Seal number (if sealed)"
            value={draft.sealNumber}
            onChange={(e) => set('sealNumber', e.target.value)}
          />
          <PhotoPicker
            id="loaded-photo"
            label="Take a photo of the load"
            photos={draft.photos}
            onChange={(photos) => set('photos', photos)}
          />
        </>
      ) : null}
      {type === 'delivered' ? (
        <>
          <TextField
            id="consignee"
            label="Consignee’s name"
            autoComplete="off"
            value={draft.consigneeName}
            onChange={(e) => set('consigneeName', e.target.value)}
            error={problems.consigneeName}
          />
          <SignaturePad onChange={(s) => set('signature', s)} error={problems.signature} />
          <PhotoPicker
            id="delivered-photo"
            label="Photo of the freight delivered"
            photos={draft.photos}
            onChange={(photos) => set('photos', photos)}
          />
        </>
      ) : null}
      {type === 'exception' ? (
        <>
          <div className="space-y-1">
            <label htmlFor="exception-kind" className="text-sm font-medium text-slate-900">
              What happened
            </label>
            <NativeSelect
              id="exception-kind"
              value={draft.exceptionKind}
              onChange={(e) => set('exceptionKind', e.target.value as ExceptionKind)}
            >
              {EXCEPTION_KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <TextAreaField
            id="exception-note"
            label="Note"
            value={draft.exceptionNote}
            onChange={(e) => set('exceptionNote', e.target.value)}
            error={problems.exceptionNote}
          />
          <PhotoPicker
            id="exception-photo"
            label="Photo of the problem"
            photos={draft.photos}
            onChange={(photos) => set('photos', photos)}
          />
        </>
      ) : null}
      <Button type="submit" size="lg" className="h-14 w-full text-lg">
        <CircleDot className="h-5 w-5" aria-hidden="true" />
        {type === 'exception' ? 'Record exception' : `Record: ${LABEL[type]}`}
      </Button>
    </form>
  )
}
