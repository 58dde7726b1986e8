import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import {
  OfflineQueue,
  QUEUE_STORAGE_KEY,
  type StepSender,
} from '@/features/drive/utils/offline-queue'
import { fitWithin } from '@/features/drive/utils/resize'
import { nextStepAfter } from '@/features/drive/utils/steps'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

function queue() {
  let n = 0
  return new OfflineQueue(memoryStorage(), () => `key-${++n}`)
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

  it('a refused step is failed with the message and holds the later ones', async () => {
    const q = queue()
    const s = server()
    const refusing: StepSender = {
      ...s.sender,
      step: async (booking, body, key) => {
        if (body.type === 'loaded')
          throw new ApiError(409, 'Out of order', { message: 'Out of order' })
        return s.sender.step(booking, body, key)
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

  it('survives a reload: the queue is in storage', () => {
    const storage = memoryStorage()
    new OfflineQueue(storage, () => 'k1').enqueue(3, { type: 'arrived_pickup' })
    expect(JSON.parse(storage.getItem(QUEUE_STORAGE_KEY)!)[0].key).toBe('k1')
    expect(new OfflineQueue(storage).forBooking(3)).toHaveLength(1)
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
