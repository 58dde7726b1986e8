import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, waitFor } from '@testing-library/react'
import { setLiveClientFactory, transmitClient, useLiveChannel, withXsrfHeader } from '@/lib/live'
import { fakeLiveClient } from '@/testing/live'
import { setXsrfCookie } from '@/testing/test-utils'

function Listener({
  channel,
  onMessage,
  onSubscribed,
}: {
  channel: string
  onMessage: (m: unknown) => void
  onSubscribed?: () => void
}) {
  useLiveChannel(channel, onMessage, onSubscribed)
  return null
}

afterEach(() => {
  setLiveClientFactory(null)
  vi.unstubAllGlobals()
})

/** An EventSource the test opens, drops and reopens by hand. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource
  closed = false
  constructor(readonly url: string | URL) {
    super()
    FakeEventSource.last = this
  }
  close() {
    this.closed = true
  }
  open() {
    this.dispatchEvent(new Event('open'))
  }
  /** The stream ended (its instance shut down) or broke: the browser reconnects by itself. */
  drop() {
    this.dispatchEvent(new Event('error'))
  }
  message(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }))
  }
}

describe('useLiveChannel', () => {
  it('subscribes, hands over messages, and unsubscribes and closes on unmount', async () => {
    const fake = fakeLiveClient()
    const factory = vi.fn(() => fake.client)
    setLiveClientFactory(factory)
    const onMessage = vi.fn()
    const { unmount } = render(<Listener channel="freight/board" onMessage={onMessage} />)
    expect(fake.created).toEqual(['freight/board'])
    fake.push('freight/board', { type: 'claimed', id: 4 })
    fake.push('freight/public', { type: 'posted', id: 5 })
    expect(onMessage).toHaveBeenCalledExactlyOnceWith({ type: 'claimed', id: 4 })
    unmount()
    expect(onMessage).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(fake.deleted).toEqual(['freight/board']))
    await waitFor(() => expect(fake.state.closed).toBe(1))
  })

  it('says when the subscription is live, so a screen can fetch what it missed before', async () => {
    const fake = fakeLiveClient()
    let open: () => void = () => undefined
    const subscription = fake.client.subscription('freight/board')
    subscription.create = () => new Promise<void>((resolve) => (open = resolve))
    setLiveClientFactory(() => fake.client)
    const onSubscribed = vi.fn()
    render(<Listener channel="freight/board" onMessage={vi.fn()} onSubscribed={onSubscribed} />)
    await Promise.resolve()
    expect(onSubscribed).not.toHaveBeenCalled()
    open()
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledTimes(1))
  })

  it('says so again each time the stream reconnects and the subscription is made again', async () => {
    const fake = fakeLiveClient()
    setLiveClientFactory(() => fake.client)
    const onBoard = vi.fn()
    const onPublic = vi.fn()
    const board = render(
      <Listener channel="freight/board" onMessage={vi.fn()} onSubscribed={onBoard} />
    )
    render(<Listener channel="freight/public" onMessage={vi.fn()} onSubscribed={onPublic} />)
    await waitFor(() => expect(onBoard).toHaveBeenCalledTimes(1))
    fake.reconnect()
    expect(onBoard).toHaveBeenCalledTimes(2)
    expect(onPublic).toHaveBeenCalledTimes(2)
    board.unmount()
    fake.reconnect()
    expect(onBoard).toHaveBeenCalledTimes(2)
    expect(onPublic).toHaveBeenCalledTimes(3)
  })

  it('with the transmit client: a stream that ends and reconnects subscribes again, and the screen refetches', async () => {
    const subscribes: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const { channel } = await request.clone().json()
        if (request.url.endsWith('/__transmit/subscribe')) subscribes.push(channel)
        return new Response(null, { status: 204 })
      })
    )
    setLiveClientFactory(() =>
      transmitClient({
        baseUrl: 'http://localhost',
        eventSourceFactory: (url) => new FakeEventSource(url) as unknown as EventSource,
      })
    )
    const onMessage = vi.fn()
    const onSubscribed = vi.fn()
    render(<Listener channel="freight/board" onMessage={onMessage} onSubscribed={onSubscribed} />)
    const stream = FakeEventSource.last
    stream.open()
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledTimes(1))
    expect(subscribes).toEqual(['freight/board'])

    // The instance holding the stream shut down: the browser reconnects (to another one).
    stream.drop()
    expect(stream.closed).toBe(false)
    stream.open()
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledTimes(2))
    expect(subscribes).toEqual(['freight/board', 'freight/board'])
    stream.message({ channel: 'freight/board', payload: { type: 'claimed', id: 7 } })
    expect(onMessage).toHaveBeenCalledExactlyOnceWith({ type: 'claimed', id: 7 })
  })

  it('shares one client between the listeners of a page, created lazily', async () => {
    const fake = fakeLiveClient()
    const factory = vi.fn(() => fake.client)
    setLiveClientFactory(factory)
    expect(factory).not.toHaveBeenCalled()
    const a = vi.fn()
    const b = vi.fn()
    const { unmount } = render(
      <>
        <Listener channel="freight/board" onMessage={a} />
        <Listener channel="freight/board" onMessage={b} />
      </>
    )
    expect(factory).toHaveBeenCalledTimes(1)
    fake.push('freight/board', { type: 'held', id: 1 })
    expect(a).toHaveBeenCalledTimes(1)
    expect(b).toHaveBeenCalledTimes(1)
    unmount()
    await waitFor(() => expect(fake.state.closed).toBe(1))
    expect(fake.deleted).toEqual(['freight/board'])
  })

  it('keeps the connection when a listener remounts at once (StrictMode, a section switch)', async () => {
    const fake = fakeLiveClient()
    const factory = vi.fn(() => fake.client)
    setLiveClientFactory(factory)
    const first = render(<Listener channel="freight/board" onMessage={vi.fn()} />)
    first.unmount()
    const onMessage = vi.fn()
    const second = render(<Listener channel="freight/board" onMessage={onMessage} />)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(factory).toHaveBeenCalledTimes(1)
    expect(fake.state.closed).toBe(0)
    expect(fake.deleted).toEqual([])
    fake.push('freight/board', { type: 'posted', id: 3 })
    expect(onMessage).toHaveBeenCalledTimes(1)
    second.unmount()
    await waitFor(() => expect(fake.state.closed).toBe(1))
  })

  it('does nothing without EventSource (the test environment)', () => {
    expect('EventSource' in window).toBe(false)
    const onMessage = vi.fn()
    const { unmount } = render(<Listener channel="freight/public" onMessage={onMessage} />)
    unmount()
    expect(onMessage).not.toHaveBeenCalled()
  })

  it('sends the decoded XSRF token on subscribe and unsubscribe requests', () => {
    setXsrfCookie('token%3Dabc')
    const request = new Request('http://localhost/__transmit/subscribe', {
      method: 'POST',
      headers: { 'X-XSRF-TOKEN': 'token%3Dabc' },
    })
    withXsrfHeader(request)
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('token=abc')
  })
})
