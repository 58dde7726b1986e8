import * as React from 'react'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

type WebPushKey = components['schemas']['WebPushKey']
type PushSubscriptionInput = components['schemas']['PushSubscriptionInput']

/** The service worker's path (frontend/public/sw.js), its scope the whole app. */
export const SERVICE_WORKER_URL = '/sw.js'

/** Whether this browser has the standard Push API (service workers, PushManager, Notification). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

/** The VAPID key (base64url) as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const raw = atob(padded)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

export type PushState = 'unsupported' | 'checking' | 'off' | 'on' | 'denied' | 'working' | 'failed'

/**
 * This browser's web push (docs/decisions/0253): whether it is subscribed, and turning it on
 * (only ever from a click: the browser's permission prompt follows it) or off. Turning it on
 * registers the service worker, subscribes with the server's VAPID key and sends the
 * subscription to the server.
 */
export function useWebPush() {
  const [state, setState] = React.useState<PushState>(() =>
    pushSupported() ? 'checking' : 'unsupported'
  )
  const [problem, setProblem] = React.useState<string | null>(null)

  React.useEffect(() => {
    if (!pushSupported()) return
    let cancelled = false
    void (async () => {
      if (Notification.permission === 'denied') {
        if (!cancelled) setState('denied')
        return
      }
      const registration = await navigator.serviceWorker.getRegistration('/')
      const subscription = await registration?.pushManager.getSubscription()
      if (!cancelled) setState(subscription ? 'on' : 'off')
    })().catch(() => {
      if (!cancelled) setState('off')
    })
    return () => {
      cancelled = true
    }
  }, [])

  const enable = React.useCallback(async () => {
    setState('working')
    setProblem(null)
    try {
      const permission = await Notification.requestPermission()
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off')
        return
      }
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, {
        scope: '/',
      })
      await navigator.serviceWorker.ready
      const { public_key } = await api.get<WebPushKey>('/api/push-subscriptions/key')
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(public_key),
      })
      await api.post('/api/push-subscriptions', subscription.toJSON() as PushSubscriptionInput)
      setState('on')
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
      setState('failed')
    }
  }, [])

  const disable = React.useCallback(async () => {
    setState('working')
    setProblem(null)
    try {
      const registration = await navigator.serviceWorker.getRegistration('/')
      const subscription = await registration?.pushManager.getSubscription()
      if (subscription) {
        await api.delete(
          `/api/push-subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`
        )
        await subscription.unsubscribe()
      }
      setState('off')
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
      setState('failed')
    }
  }, [])

  return { state, problem, enable, disable }
}
