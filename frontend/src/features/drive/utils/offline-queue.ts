import { isApiError } from '@/lib/api-client'
import type { StopEventInput } from '@/features/drive/api/stop-events'

/**
 * The phone's queue of driver steps (docs/decisions/0243). Every step goes through it: it is
 * stored first (localStorage), with its Idempotency-Key and its photos, then sent in order;
 * a step that cannot reach the server (offline, a 5xx, a key still in flight) stays queued and
 * is sent again when the browser is back `online`, with the same keys, so the server records it
 * once. A step the server refuses (4xx) is kept as failed with the server's message.
 */

export type QueuedPhoto = { key: string; dataUrl: string | null; id: number | null }

export type QueuedStep = {
  /** the step's Idempotency-Key */
  key: string
  bookingId: number
  body: Omit<StopEventInput, 'photoIds'>
  photos: QueuedPhoto[]
  state: 'queued' | 'sending' | 'sent' | 'failed'
  error: string | null
  queuedAt: string
}

export type StepSender = {
  photo: (bookingId: number, dataUrl: string, key: string) => Promise<number>
  step: (bookingId: number, body: StopEventInput, key: string) => Promise<unknown>
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>

export const QUEUE_STORAGE_KEY = 'palletline.drive.queue'
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

  constructor(
    private storage: Storage,
    private newKey: () => string = () => crypto.randomUUID(),
    private now: () => Date = () => new Date()
  ) {}

  all(): QueuedStep[] {
    try {
      const raw = this.storage.getItem(QUEUE_STORAGE_KEY)
      const parsed = raw ? (JSON.parse(raw) as QueuedStep[]) : []
      return Array.isArray(parsed) ? parsed : []
    } catch {
      return []
    }
  }

  forBooking(bookingId: number): QueuedStep[] {
    return this.all().filter((item) => item.bookingId === bookingId)
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /** Stores a step and its photos (data URLs) with fresh keys; answers the step's key. */
  enqueue(bookingId: number, body: QueuedStep['body'], photos: string[] = []): string {
    const key = this.newKey()
    const item: QueuedStep = {
      key,
      bookingId,
      body,
      photos: photos.map((dataUrl, i) => ({ key: `${key}-photo-${i + 1}`, dataUrl, id: null })),
      state: 'queued',
      error: null,
      queuedAt: this.now().toISOString(),
    }
    this.save([...this.all(), item])
    return key
  }

  /** Forgets a failed step (the driver fixes it and records it again). */
  discard(key: string) {
    this.save(this.all().filter((item) => item.key !== key))
  }

  /** Sends what is queued, in order, once at a time; concurrent calls share one run. */
  flush(sender: StepSender): Promise<void> {
    this.running ??= this.run(sender).finally(() => {
      this.running = null
    })
    return this.running
  }

  private async run(sender: StepSender) {
    const blocked = new Set<number>()
    for (const queued of this.all()) {
      if (queued.state === 'sent' || blocked.has(queued.bookingId)) continue
      if (queued.state === 'failed') {
        // A later step cannot pass a refused one: the order is the server's rule.
        blocked.add(queued.bookingId)
        continue
      }
      this.update(queued.key, { state: 'sending' })
      try {
        const item = this.all().find((entry) => entry.key === queued.key)!
        for (const photo of item.photos) {
          if (photo.id !== null || photo.dataUrl === null) continue
          const id = await sender.photo(item.bookingId, photo.dataUrl, photo.key)
          this.updatePhoto(item.key, photo.key, id)
        }
        const photoIds = this.all()
          .find((entry) => entry.key === queued.key)!
          .photos.map((photo) => photo.id)
          .filter((id): id is number => id !== null)
        await sender.step(
          item.bookingId,
          photoIds.length > 0 ? { ...item.body, photoIds } : item.body,
          item.key
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
        blocked.add(queued.bookingId)
      }
    }
  }

  private update(key: string, change: Partial<QueuedStep>) {
    this.save(this.all().map((item) => (item.key === key ? { ...item, ...change } : item)))
  }

  private updatePhoto(key: string, photoKey: string, id: number) {
    this.save(
      this.all().map((item) =>
        item.key === key
          ? {
              ...item,
              photos: item.photos.map((photo) =>
                photo.key === photoKey ? { ...photo, id } : photo
              ),
            }
          : item
      )
    )
  }

  private save(items: QueuedStep[]) {
    const sent = items.filter((item) => item.state === 'sent')
    const drop = new Set(sent.slice(0, Math.max(0, sent.length - KEEP_SENT)).map((i) => i.key))
    this.storage.setItem(
      QUEUE_STORAGE_KEY,
      JSON.stringify(items.filter((item) => !drop.has(item.key)))
    )
    for (const listener of this.listeners) listener()
  }
}

let shared: OfflineQueue | null = null

/** The page's one queue over localStorage. */
export function driveQueue(): OfflineQueue {
  shared ??= new OfflineQueue(window.localStorage)
  return shared
}
