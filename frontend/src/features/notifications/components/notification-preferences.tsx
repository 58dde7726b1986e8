import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadError } from '@/components/ui/load-error'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import {
  CHANNEL_LABELS,
  savePreferences,
  usePreferences,
  type NotificationChannel,
  type NotificationKind,
} from '@/features/notifications/api/notifications'
import { isApiError } from '@/lib/api-client'
import { pushSupported, useWebPush } from '@/features/notifications/api/web-push'

const CHANNELS = Object.keys(CHANNEL_LABELS) as NotificationChannel[]

/**
 * Settings: where each kind of notification goes (decision 0241): in the app, and by email at
 * once or in the daily digest (0242), or off. The account's mailbox is the company's, so only
 * its owner changes them; other members read them.
 */
export function NotificationPreferences({
  email,
  canEdit,
}: {
  /** the account's mailbox, which the mails go to */
  email: string | undefined
  /** the company's owner (or an account without a company): members only read them */
  canEdit: boolean
}) {
  const { data, error, isLoading, isValidating, mutate } = usePreferences()
  const [draft, setDraft] = React.useState<Partial<Record<NotificationKind, NotificationChannel>>>(
    {}
  )
  const [pushDraft, setPushDraft] = React.useState<Partial<Record<NotificationKind, boolean>>>({})
  const [saving, setSaving] = React.useState(false)
  // Push is offered only where the browser has the Push API (decision 0253).
  const [canPush] = React.useState(pushSupported)
  const changed = (data ?? []).filter(
    (p) =>
      (draft[p.kind] && draft[p.kind] !== p.channel) ||
      (pushDraft[p.kind] !== undefined && pushDraft[p.kind] !== p.push)
  )

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (changed.length === 0) return
    setSaving(true)
    try {
      const saved = await savePreferences(
        changed.map((p) => ({
          kind: p.kind,
          channel: draft[p.kind] ?? p.channel,
          push: pushDraft[p.kind] ?? p.push,
        }))
      )
      await mutate(saved, { revalidate: false })
      setDraft({})
      setPushDraft({})
      toast({ variant: 'success', title: 'Notification preferences saved' })
    } catch (err) {
      const field = isApiError(err) ? err.fieldErrors[0] : undefined
      toast({
        variant: 'destructive',
        title: 'Preferences not saved',
        description: field?.message ?? (err instanceof Error ? err.message : String(err)),
      })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card id="notifications" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Every notification shows in the bell and on the Notifications page. Choose which kinds are
          also emailed to {email ?? 'your account'}, at once or in one daily digest, and which to
          turn off. Each email has a one-click unsubscribe link.
          {canPush ? ' Kinds marked Push also appear on the browsers that turned push on.' : null}
          {canEdit ? null : ' Only your company’s owner changes these.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {canPush ? <BrowserPush /> : null}
        {error && !data ? (
          <LoadError
            title="Preferences could not be loaded"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : isLoading || !data ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading preferences">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : (
          <form onSubmit={onSubmit} className="space-y-4">
            <ul className="divide-y divide-slate-200">
              {data.map((p) => {
                const id = `notification-channel-${p.kind}`
                return (
                  <li
                    key={p.kind}
                    className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <label htmlFor={id} className="text-sm font-medium text-slate-900">
                      {p.label}
                    </label>
                    <div className="flex items-center gap-4 sm:w-[26rem]">
                      <NativeSelect
                        id={id}
                        value={draft[p.kind] ?? p.channel}
                        disabled={!canEdit || saving}
                        onChange={(e) =>
                          setDraft((d) => ({
                            ...d,
                            [p.kind]: e.target.value as NotificationChannel,
                          }))
                        }
                      >
                        {CHANNELS.map((c) => (
                          <option key={c} value={c}>
                            {CHANNEL_LABELS[c]}
                          </option>
                        ))}
                      </NativeSelect>
                      {canPush ? (
                        <label
                          htmlFor={`${id}-push`}
                          className="inline-flex shrink-0 items-center gap-2 text-sm text-slate-800"
                        >
                          <input
                            id={`${id}-push`}
                            type="checkbox"
                            className="h-4 w-4 rounded border-slate-300 accent-brand-700"
                            checked={pushDraft[p.kind] ?? p.push}
                            disabled={!canEdit || saving || (draft[p.kind] ?? p.channel) === 'off'}
                            aria-label={`Push ${p.label}`}
                            onChange={(e) =>
                              setPushDraft((d) => ({ ...d, [p.kind]: e.target.checked }))
                            }
                          />
                          Push
                        </label>
                      ) : null}
                    </div>
                  </li>
                )
              })}
            </ul>
            {canEdit ? (
              <Button type="submit" disabled={saving || changed.length === 0}>
                {saving ? 'Saving...' : 'Save preferences'}
              </Button>
            ) : null}
          </form>
        )}
      </CardContent>
    </Card>
  )
}

const PUSH_STATE_TEXT: Record<string, string> = {
  checking: 'Checking this browser…',
  off: 'Push is off in this browser.',
  on: 'Push is on in this browser.',
  denied:
    'This browser blocks PalletLine’s notifications. Allow them in the browser’s site settings to turn push on.',
  working: 'One moment…',
  failed: 'Push could not be changed in this browser.',
}

/** This browser's push: on or off, the permission asked only after the click. */
function BrowserPush() {
  const { state, problem, enable, disable } = useWebPush()
  return (
    <div
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
      aria-live="polite"
    >
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">Web push. </span>
        {PUSH_STATE_TEXT[state]}
        {state === 'failed' && problem ? ` (${problem})` : null}
      </p>
      {state === 'on' ? (
        <Button type="button" variant="outline" onClick={() => void disable()}>
          Turn push off in this browser
        </Button>
      ) : state === 'off' || state === 'failed' ? (
        <Button type="button" variant="outline" onClick={() => void enable()}>
          Turn push on in this browser
        </Button>
      ) : null}
    </div>
  )
}
