import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import {
  OfflineQueue,
  QUEUE_STORAGE_KEY,
  indexedDbStore,
  localStorageStore,
  type QueuedStep,
  type StepSender,
} from '@/features/drive/utils/offline-queue'
import { fitWithin } from '@/features/drive/utils/resize'
import { nextStepAfter } from '@/features/drive/utils/steps'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  }
}

// Each test starts with an empty IndexedDB (fake-indexeddb, in memory).
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
})

function queue() {
  let n = 0
  return new OfflineQueue(indexedDbStore(), () => `key-${++n}`)
}

/** A server that records each step key once, and may be offline. */
function server() {
  const steps = new Map<string, unknown>()
  const photos = new Map<string, number>()
  const state = { online: true, calls: 0 }
  const sender: StepSender = {
    photo: async (_booking, _dataUrl, key) => {
      state.calls += 1
      if (!state.online) throw new TypeError('Failed to fetch')
      if (!photos.has(key)) photos.set(key, photos.size + 1)
      return photos.get(key)!
    },
    step: async (_booking, body, key) => {
      state.calls += 1
      if (!state.online) throw new TypeError('Failed to fetch')
      if (!steps.has(key)) steps.set(key, body)
      return steps.get(key)
    },
  }
  return { steps, photos, state, sender }
}

describe('the offline queue of driver steps', () => {
  it('sends a queued step with its photos once, in order', async () => {
    const q = queue()
    const s = server()
    q.enqueue(7, { type: 'arrived_pickup' })
    q.enqueue(7, { type: 'loaded', pieces: 4 }, ['data:image/jpeg;base64,AAAA'])
    await q.flush(s.sender)
    expect([...s.steps.values()]).toEqual([
      { type: 'arrived_pickup' },
      { type: 'loaded', pieces: 4, photoIds: [1] },
    ])
    expect(q.forBooking(7).map((i) => i.state)).toEqual(['sent', 'sent'])
    expect(q.forBooking(7)[1].photos[0].dataUrl).toBeNull()
    await q.flush(s.sender)
    expect(s.steps.size).toBe(2)
  })

  it('keeps a step while offline and sends it with the same key when back online', async () => {
    const q = queue()
    const s = server()
    s.state.online = false
    const key = q.enqueue(7, { type: 'arrived_delivery' })
    await q.flush(s.sender)
    expect(q.forBooking(7)[0].state).toBe('queued')
    expect(s.steps.size).toBe(0)
    s.state.online = true
    await Promise.all([q.flush(s.sender), q.flush(s.sender)])
    expect([...s.steps.keys()]).toEqual([key])
    expect(q.forBooking(7)[0].state).toBe('sent')
  })

  it('an expedited job’s steps go to its own endpoints, apart from a booking with its id', async () => {
    const q = queue()
    const s = server()
    const sent: string[] = []
    const recording: StepSender = {
      photo: async (id, dataUrl, key, kind) => {
        sent.push(`photo ${kind} ${id}`)
        return s.sender.photo(id, dataUrl, key, kind)
      },
      step: async (id, body, key, kind) => {
        sent.push(`${body.type} ${kind} ${id}`)
        // The booking's step is refused: it holds the booking's later steps, not the job's.
        if (kind === 'booking') throw new ApiError(409, 'Out of order', { message: 'Out of order' })
        return s.sender.step(id, body, key, kind)
      },
    }
    q.enqueue(7, { type: 'arrived_pickup' })
    q.enqueue({ kind: 'expedited', id: 7 }, { type: 'arrived_pickup' })
    q.enqueue({ kind: 'expedited', id: 7 }, { type: 'loaded', pieces: 2 }, [
      'data:image/jpeg;base64,AAAA',
    ])
    q.enqueue(7, { type: 'loaded', pieces: 1 })
    await q.flush(recording)
    expect(sent).toEqual([
      'arrived_pickup booking 7',
      'arrived_pickup expedited 7',
      'photo expedited 7',
      'loaded expedited 7',
    ])
    expect(q.forSubject({ kind: 'expedited', id: 7 }).map((i) => i.state)).toEqual(['sent', 'sent'])
    expect(q.forBooking(7).map((i) => i.state)).toEqual(['failed', 'queued'])
    // Stored with its kind: a reload sends it to the job again.
    const reloaded = new OfflineQueue(indexedDbStore())
    await reloaded.ready
    expect(reloaded.forSubject({ kind: 'expedited', id: 7 })).toHaveLength(2)
    expect(reloaded.forBooking(7)).toHaveLength(2)
  })

  it('a refused step is failed with the message and holds the later ones', async () => {
    const q = queue()
    const s = server()
    const refusing: StepSender = {
      ...s.sender,
      step: async (booking, body, key, kind) => {
        if (body.type === 'loaded')
          throw new ApiError(409, 'Out of order', { message: 'Out of order' })
        return s.sender.step(booking, body, key, kind)
      },
    }
    q.enqueue(7, { type: 'loaded', pieces: 1 })
    q.enqueue(7, { type: 'departed_pickup' })
    await q.flush(refusing)
    expect(q.forBooking(7).map((i) => [i.state, i.error])).toEqual([
      ['failed', 'Out of order'],
      ['queued', null],
    ])
  })

  it('survives a reload: the queue and its photos are in IndexedDB, in order', async () => {
    let n = 0
    const first = new OfflineQueue(indexedDbStore(), () => `k${++n}`)
    first.enqueue(3, { type: 'arrived_pickup' })
    first.enqueue(3, { type: 'loaded', pieces: 2 }, ['data:image/jpeg;base64,AAAA'])
    await first.stored()
    const reloaded = new OfflineQueue(indexedDbStore())
    await reloaded.ready
    expect(reloaded.forBooking(3).map((i) => [i.key, i.body.type])).toEqual([
      ['k1', 'arrived_pickup'],
      ['k2', 'loaded'],
    ])
    expect(reloaded.forBooking(3)[1].photos[0].dataUrl).toBe('data:image/jpeg;base64,AAAA')
  })

  it('holds many photos, far beyond what localStorage takes', async () => {
    const photo = `data:image/jpeg;base64,${'A'.repeat(400_000)}`
    let n = 0
    const q = new OfflineQueue(indexedDbStore(), () => `k${++n}`)
    for (let i = 0; i < 40; i++) q.enqueue(9, { type: 'exception' }, [photo, photo])
    await q.stored()
    const reloaded = new OfflineQueue(indexedDbStore())
    await reloaded.ready
    expect(reloaded.forBooking(9)).toHaveLength(40)
    expect(reloaded.forBooking(9).every((i) => i.photos.length === 2)).toBe(true)
    expect(reloaded.forBooking(9)[39].key).toBe('k40')
  })

  it('moves what an older version queued in localStorage into IndexedDB, once, in order', async () => {
    const storage = memoryStorage()
    const old = (key: string, type: QueuedStep['body']['type']): QueuedStep => ({
      key,
      bookingId: 4,
      body: { type },
      photos: [{ key: `${key}-photo-1`, dataUrl: 'data:image/jpeg;base64,BBBB', id: null }],
      state: 'queued',
      error: null,
      queuedAt: '2030-01-01T10:00:00.000Z',
    })
    storage.setItem(
      QUEUE_STORAGE_KEY,
      JSON.stringify([old('old-1', 'arrived_pickup'), old('old-2', 'loaded')])
    )
    const q = new OfflineQueue(indexedDbStore(storage), () => 'new-1')
    await q.ready
    expect(q.forBooking(4).map((i) => i.key)).toEqual(['old-1', 'old-2'])
    expect(storage.getItem(QUEUE_STORAGE_KEY)).toBeNull()
    q.enqueue(4, { type: 'departed_pickup' })
    await q.stored()
    const again = new OfflineQueue(indexedDbStore(storage))
    await again.ready
    expect(again.forBooking(4).map((i) => i.key)).toEqual(['old-1', 'old-2', 'new-1'])

    // and they are sent in that order, with their photos, each once
    const s = server()
    await again.flush(s.sender)
    expect([...s.steps.keys()]).toEqual(['old-1', 'old-2', 'new-1'])
    expect(s.photos.size).toBe(2)
  })

  it('steps queued before the store finished loading come after the stored ones', async () => {
    let n = 0
    const first = new OfflineQueue(indexedDbStore(), () => `a${++n}`)
    first.enqueue(5, { type: 'arrived_pickup' })
    await first.stored()
    const second = new OfflineQueue(indexedDbStore(), () => 'b1')
    second.enqueue(5, { type: 'loaded', pieces: 1 })
    await second.ready
    expect(second.forBooking(5).map((i) => i.key)).toEqual(['a1', 'b1'])
  })

  it('without IndexedDB the queue keeps to localStorage', async () => {
    const storage = memoryStorage()
    const q = new OfflineQueue(localStorageStore(storage), () => 'k1')
    q.enqueue(3, { type: 'arrived_pickup' })
    await q.stored()
    expect(JSON.parse(storage.getItem(QUEUE_STORAGE_KEY)!)[0].key).toBe('k1')
    const reloaded = new OfflineQueue(localStorageStore(storage))
    await reloaded.ready
    expect(reloaded.forBooking(3)).toHaveLength(1)
  })
})

describe('photo sizes before upload', () => {
  it.each([
    [4032, 3024, 1600, 1200],
    [3024, 4032, 1200, 1600],
    [1600, 900, 1600, 900],
    [800, 600, 800, 600],
    [5000, 10, 1600, 3],
    [1, 9000, 1, 1600],
    [0, 100, 0, 0],
  ])('%i × %i is drawn at %i × %i', (w, h, ew, eh) => {
    expect(fitWithin(w, h)).toEqual({ width: ew, height: eh })
  })
})

describe('the next step', () => {
  it('follows the order and ignores exceptions', () => {
    expect(nextStepAfter([])).toBe('arrived_pickup')
    expect(nextStepAfter(['arrived_pickup', 'loaded'])).toBe('departed_pickup')
    expect(
      nextStepAfter([
        'arrived_pickup',
        'loaded',
        'departed_pickup',
        'arrived_delivery',
        'exception',
      ])
    ).toBe('delivered')
    expect(
      nextStepAfter([
        'arrived_pickup',
        'loaded',
        'departed_pickup',
        'arrived_delivery',
        'delivered',
      ])
    ).toBeNull()
  })
})
