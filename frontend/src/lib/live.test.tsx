import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, waitFor } from '@testing-library/react'
import { setLiveClientFactory, useLiveChannel, withXsrfHeader } from '@/lib/live'
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

afterEach(() => setLiveClientFactory(null))

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
