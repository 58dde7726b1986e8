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
  const [saving, setSaving] = React.useState(false)
  const changed = (data ?? []).filter((p) => draft[p.kind] && draft[p.kind] !== p.channel)

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (changed.length === 0) return
    setSaving(true)
    try {
      const saved = await savePreferences(
        changed.map((p) => ({ kind: p.kind, channel: draft[p.kind]! }))
      )
      await mutate(saved, { revalidate: false })
      setDraft({})
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
          {canEdit ? null : ' Only your company’s owner changes these.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
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
                    <div className="sm:w-80">
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
