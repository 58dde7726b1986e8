import { createStore, del, entries, setMany } from 'idb-keyval'
import { isApiError } from '@/lib/api-client'
import type { StopEventInput } from '@/features/drive/api/stop-events'
import type { StopSubject, StopSubjectKind } from '@/features/drive/types'

/**
 * The phone's queue of driver steps (docs/decisions/0243, 0255). Every step goes through it: it
 * is stored first (IndexedDB, one record per step with its photos, through idb-keyval; what an
 * older version queued in localStorage is moved there once), with its Idempotency-Key and its
 * photos, then sent in order;
 * a step that cannot reach the server (offline, a 5xx, a key still in flight) stays queued and
 * is sent again when the browser is back `online`, with the same keys, so the server records it
 * once. A step the server refuses (4xx) is kept as failed with the server's message.
 */

export type QueuedPhoto = { key: string; dataUrl: string | null; id: number | null }

/** What the driver's steps are recorded on: a booking (decision 0243) or an expedited job (0263). */
export type { StopSubject, StopSubjectKind }

/** The step's subject; a step an older version queued has no `kind` and is a booking's. */
export const subjectOf = (item: Pick<QueuedStep, 'bookingId' | 'kind'>): StopSubject => ({
  kind: item.kind ?? 'booking',
  id: item.bookingId,
})
const subjectKey = (item: Pick<QueuedStep, 'bookingId' | 'kind'>) =>
  `${item.kind ?? 'booking'}:${item.bookingId}`

export type QueuedStep = {
  /** the step's Idempotency-Key */
  key: string
  /** the subject's id: the booking's, or the expedited job's when `kind` says so */
  bookingId: number
  /** absent on a booking's step (and on every step an older version queued) */
  kind?: StopSubjectKind
  body: Omit<StopEventInput, 'photoIds'>
  photos: QueuedPhoto[]
  state: 'queued' | 'sending' | 'sent' | 'failed'
  error: string | null
  queuedAt: string
  /** the queue's order (ties of `queuedAt` included); absent on steps an older version queued */
  seq?: number
}

/** Where the queue keeps its steps across reloads. */
export interface QueueStore {
  /** every stored step, in the queue's order */
  load(): Promise<QueuedStep[]>
  /** stores (or replaces) these steps */
  put(items: QueuedStep[]): Promise<void>
  /** forgets these steps */
  remove(keys: string[]): Promise<void>
}

/** Sends a step and its photos to the subject's endpoints (`kind` names which). */
export type StepSender = {
  photo: (id: number, dataUrl: string, key: string, kind: StopSubjectKind) => Promise<number>
  step: (id: number, body: StopEventInput, key: string, kind: StopSubjectKind) => Promise<unknown>
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The localStorage key the queue used before IndexedDB (decision 0243), read once to move it. */
export const QUEUE_STORAGE_KEY = 'palletline.drive.queue'
export const QUEUE_DB = 'palletline-drive'
export const QUEUE_DB_STORE = 'steps'

const byOrder = (a: QueuedStep, b: QueuedStep) =>
  (a.seq ?? 0) - (b.seq ?? 0) || a.queuedAt.localeCompare(b.queuedAt)

/** The steps an older version left in localStorage, in their order; [] if none or unreadable. */
function legacySteps(storage: Storage): QueuedStep[] {
  try {
    const raw = storage.getItem(QUEUE_STORAGE_KEY)
    const parsed = raw ? (JSON.parse(raw) as QueuedStep[]) : []
    return Array.isArray(parsed) ? parsed.map((item, i) => ({ ...item, seq: item.seq ?? i })) : []
  } catch {
    return []
  }
}

/**
 * The queue in IndexedDB (decision 0255): one record per step, keyed by its Idempotency-Key, so
 * a step's photos are written once and many fit (localStorage holds about 5 MB, a few photos).
 * On the first load, steps queued in localStorage by an older version are moved in, in their
 * order, and the localStorage key is removed only once they are stored.
 */
export function indexedDbStore(legacy: Storage | null = null): QueueStore {
  const store = createStore(QUEUE_DB, QUEUE_DB_STORE)
  return {
    async load() {
      const moved = legacy ? legacySteps(legacy) : []
      if (moved.length > 0) {
        await setMany(
          moved.map((item) => [item.key, item]),
          store
        )
        legacy!.removeItem(QUEUE_STORAGE_KEY)
      }
      const rows = await entries<string, QueuedStep>(store)
      return rows.map(([, item]) => item).sort(byOrder)
    },
    put: (items) =>
      setMany(
        items.map((item) => [item.key, item]),
        store
      ),
    async remove(keys) {
      for (const key of keys) await del(key, store)
    },
  }
}

/** A browser without IndexedDB keeps the queue in localStorage, as before (decision 0243). */
export function localStorageStore(storage: Storage): QueueStore {
  const read = () => legacySteps(storage).sort(byOrder)
  const write = (items: QueuedStep[]) =>
    storage.setItem(QUEUE_STORAGE_KEY, JSON.stringify(items.sort(byOrder)))
  return {
    load: async () => read(),
    async put(items) {
      const keys = new Set(items.map((item) => item.key))
      write([...read().filter((item) => !keys.has(item.key)), ...items])
    },
    async remove(keys) {
      write(read().filter((item) => !keys.includes(item.key)))
    },
  }
}
/** Sent steps kept to show "Sent" (the rest are dropped, oldest first). */
const KEEP_SENT = 20

/** Whether an error means "try again later" rather than "the server said no". */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true // fetch failed: offline, DNS, connection reset
  return (
    error.status >= 500 ||
    error.status === 408 ||
    error.status === 429 ||
    (error.status === 409 && /still being processed/i.test(error.message))
  )
}

export class OfflineQueue {
  private listeners = new Set<() => void>()
  private running: Promise<void> | null = null
  /** the steps, in order: read from the store once, then kept here and written through */
  private items: QueuedStep[] = []
  /** the store's load (with the move from localStorage) */
  readonly ready: Promise<void>
  /** writes to the store, one after the other */
  private writes: Promise<void> = Promise.resolve()

  constructor(
    private store: QueueStore,
    private newKey: () => string = () => crypto.randomUUID(),
    private now: () => Date = () => new Date()
  ) {
    this.ready = store.load().then(
      (stored) => {
        const mine = new Set(this.items.map((item) => item.key))
        const seqs = stored.map((item) => item.seq ?? 0)
        const base = seqs.length > 0 ? Math.max(...seqs) + 1 : 0
        // Steps enqueued while the store was loading come after the stored ones.
        const early = this.items.map((item, i) => ({ ...item, seq: base + i }))
        this.items = [...stored.filter((item) => !mine.has(item.key)), ...early]
        if (early.length > 0) this.write(early, [])
        this.notify()
      },
      () => {
        // An unreadable store leaves the queue to this page's life: steps still send.
      }
    )
  }

  /** Resolves once everything enqueued or changed so far is in the store. */
  async stored(): Promise<void> {
    await this.ready
    await this.writes
  }

  all(): QueuedStep[] {
    return this.items
  }

  forBooking(bookingId: number): QueuedStep[] {
    return this.forSubject({ kind: 'booking', id: bookingId })
  }

  /** The subject's steps (a booking's, or an expedited job's), in order. */
  forSubject(subject: StopSubject): QueuedStep[] {
    const wanted = subjectKey({ bookingId: subject.id, kind: subject.kind })
    return this.all().filter((item) => subjectKey(item) === wanted)
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /**
   * Stores a step of `subject` (a booking's id, or a subject) and its photos (data URLs) with
   * fresh keys; answers the step's key.
   */
  enqueue(subject: number | StopSubject, body: QueuedStep['body'], photos: string[] = []): string {
    const key = this.newKey()
    const seqs = this.items.map((item) => item.seq ?? 0)
    const { kind, id }: StopSubject =
      typeof subject === 'number' ? { kind: 'booking', id: subject } : subject
    const item: QueuedStep = {
      key,
      bookingId: id,
      ...(kind === 'booking' ? {} : { kind }),
      body,
      photos: photos.map((dataUrl, i) => ({ key: `${key}-photo-${i + 1}`, dataUrl, id: null })),
      state: 'queued',
      error: null,
      queuedAt: this.now().toISOString(),
      seq: seqs.length > 0 ? Math.max(...seqs) + 1 : 0,
    }
    this.save([...this.items, item], [item])
    return key
  }

  /** Forgets a failed step (the driver fixes it and records it again). */
  discard(key: string) {
    this.save(
      this.items.filter((item) => item.key !== key),
      []
    )
  }

  /** Sends what is queued, in order, once at a time; concurrent calls share one run. */
  flush(sender: StepSender): Promise<void> {
    this.running ??= this.stored()
      .then(() => this.run(sender))
      .finally(() => {
        this.running = null
      })
    return this.running
  }

  private async run(sender: StepSender) {
    const blocked = new Set<string>()
    for (const queued of this.all()) {
      if (queued.state === 'sent' || blocked.has(subjectKey(queued))) continue
      if (queued.state === 'failed') {
        // A later step cannot pass a refused one: the order is the server's rule.
        blocked.add(subjectKey(queued))
        continue
      }
      this.update(queued.key, { state: 'sending' })
      try {
        const item = this.all().find((entry) => entry.key === queued.key)!
        for (const photo of item.photos) {
          if (photo.id !== null || photo.dataUrl === null) continue
          const id = await sender.photo(
            item.bookingId,
            photo.dataUrl,
            photo.key,
            subjectOf(item).kind
          )
          this.updatePhoto(item.key, photo.key, id)
        }
        const photoIds = this.all()
          .find((entry) => entry.key === queued.key)!
          .photos.map((photo) => photo.id)
          .filter((id): id is number => id !== null)
        await sender.step(
          item.bookingId,
          photoIds.length > 0 ? { ...item.body, photoIds } : item.body,
          item.key,
          subjectOf(item).kind
        )
        this.update(item.key, {
          state: 'sent',
          error: null,
          photos: item.photos.map((photo) => ({ ...photo, dataUrl: null })),
        })
      } catch (error) {
        if (isRetryable(error)) {
          this.update(queued.key, { state: 'queued' })
          return
        }
        this.update(queued.key, {
          state: 'failed',
          error: error instanceof Error ? error.message.replace(/^\d+: /, '') : String(error),
        })
        blocked.add(subjectKey(queued))
      }
    }
  }

  private update(key: string, change: Partial<QueuedStep>) {
    this.change(key, (item) => ({ ...item, ...change }))
  }

  private updatePhoto(key: string, photoKey: string, id: number) {
    this.change(key, (item) => ({
      ...item,
      photos: item.photos.map((photo) => (photo.key === photoKey ? { ...photo, id } : photo)),
    }))
  }

  private change(key: string, edit: (item: QueuedStep) => QueuedStep) {
    let changed: QueuedStep | null = null
    const items = this.items.map((item) => {
      if (item.key !== key) return item
      changed = edit(item)
      return changed
    })
    this.save(items, changed ? [changed] : [])
  }

  /** The new list in memory at once; the changed steps and the dropped ones to the store. */
  private save(items: QueuedStep[], changed: QueuedStep[]) {
    const sent = items.filter((item) => item.state === 'sent')
    const drop = new Set(sent.slice(0, Math.max(0, sent.length - KEEP_SENT)).map((i) => i.key))
    const kept = items.filter((item) => !drop.has(item.key))
    const keptKeys = new Set(kept.map((item) => item.key))
    const removed = this.items.filter((item) => !keptKeys.has(item.key)).map((item) => item.key)
    this.items = kept
    this.write(
      changed.filter((item) => keptKeys.has(item.key)),
      removed
    )
    this.notify()
  }

  private write(put: QueuedStep[], removed: string[]) {
    if (put.length === 0 && removed.length === 0) return
    this.writes = this.writes
      .then(async () => {
        if (put.length > 0) await this.store.put(put)
        if (removed.length > 0) await this.store.remove(removed)
      })
      .catch(() => {
        // A failed write keeps the step in this page's memory; it is written with its next change.
      })
  }

  private notify() {
    for (const listener of this.listeners) listener()
  }
}

let shared: OfflineQueue | null = null

/**
 * The page's one queue: in IndexedDB, moving in what an older version left in localStorage; in
 * localStorage where the browser has no IndexedDB.
 */
export function driveQueue(): OfflineQueue {
  shared ??= new OfflineQueue(
    typeof indexedDB === 'undefined'
      ? localStorageStore(window.localStorage)
      : indexedDbStore(window.localStorage)
  )
  return shared
}
