import * as React from 'react'
import { Check, Copy, KeyRound } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FieldError, FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import {
  createApiToken,
  revokeApiToken,
  useApiTokens,
  type ApiToken,
  type CreatedApiToken,
} from '@/features/auth/api/api-tokens'
import { isApiError, type ApiError } from '@/lib/api-client'
import { formatDate } from '@/lib/format'

const LIFETIMES = [30, 90, 180, 365]
type Ability = 'tms:read' | 'tms:write' | 'payments:write'
/** What each ability lets a token do (docs/decisions/0169); paying is never a default. */
const ABILITIES: { value: Ability; label: string }[] = [
  { value: 'tms:read', label: 'tms:read (compare rates, track, documents, escrow)' },
  { value: 'tms:write', label: 'tms:write (book quotes, alert rules, uploads)' },
  { value: 'payments:write', label: 'payments:write (pay bookings)' },
]

const abilitiesText = (abilities: string[]) =>
  abilities.includes('*') ? 'All abilities' : abilities.join(', ') || 'No abilities'
const DEFAULT_LIFETIME = 90

const isExpired = (token: ApiToken, now = Date.now()) =>
  token.expiresAt !== null && new Date(token.expiresAt).getTime() <= now

const PENDING = 'Account pending approval'

const serverMessage = (err: ApiError) =>
  err.body && typeof err.body === 'object' && typeof err.body.message === 'string'
    ? err.body.message
    : ''

/** A 403 (a carrier not approved yet, or an account without access), else null. */
function refusal(err: unknown): string | null {
  if (!isApiError(err) || err.status !== 403) return null
  const message = serverMessage(err)
  return message === PENDING || !message
    ? 'Your account is pending approval. You can create API tokens once an admin has approved it.'
    : message
}

/**
 * Settings: the user's own API tokens, for the TMS and scripts (`Authorization: Bearer ...`).
 * A new token's secret is shown once; revoking stops it at once (decision 0053).
 */
export function ApiTokens() {
  const { data, error, isLoading, isValidating, mutate } = useApiTokens()
  const [created, setCreated] = React.useState<CreatedApiToken | null>(null)
  const [revoking, setRevoking] = React.useState<ApiToken | null>(null)
  const [busy, setBusy] = React.useState(false)
  const [createRefused, setCreateRefused] = React.useState<string | null>(null)
  const refused = createRefused ?? refusal(error)

  const onCreated = async (token: CreatedApiToken) => {
    setCreated(token)
    const { token: _secret, ...listed } = token
    await mutate((tokens = []) => [listed, ...tokens], { revalidate: false })
  }

  const revoke = async (token: ApiToken) => {
    setBusy(true)
    try {
      await revokeApiToken(token.id)
      await mutate((tokens = []) => tokens.filter((t) => t.id !== token.id), {
        revalidate: false,
      })
      if (created?.id === token.id) setCreated(null)
      setRevoking(null)
      toast({ variant: 'success', title: 'Token revoked', description: token.name ?? undefined })
    } catch (err) {
      if (isApiError(err) && err.status === 404) {
        // Already gone (revoked elsewhere): the list catches up instead of failing.
        await mutate((tokens = []) => tokens.filter((t) => t.id !== token.id), {
          revalidate: false,
        })
        setRevoking(null)
        toast({ title: 'Token already revoked', description: token.name ?? undefined })
        return
      }
      toast({
        variant: 'destructive',
        title: 'Token not revoked',
        description: err instanceof Error ? err.message : String(err),
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>API tokens</CardTitle>
        <CardDescription>
          For the TMS and your own scripts: send a token as{' '}
          <code className="rounded bg-slate-100 px-1 text-slate-800">
            Authorization: Bearer &lt;token&gt;
          </code>
          . A token acts as you, so keep it secret and revoke one you no longer use.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {refused ? (
          <Alert title="API tokens are not available yet">{refused}</Alert>
        ) : (
          <>
            <CreateTokenForm onCreated={onCreated} onRefused={setCreateRefused} />
            {created ? <NewSecret token={created} onDone={() => setCreated(null)} /> : null}
            <TokenList
              query={{ data, error, isLoading, isValidating, mutate }}
              onRevoke={setRevoking}
            />
          </>
        )}
      </CardContent>
      <Dialog open={revoking != null} onOpenChange={(open) => !open && !busy && setRevoking(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Revoke {revoking?.name || 'this token'}?</DialogTitle>
            <DialogDescription>
              Anything that uses it stops working at once. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRevoking(null)} disabled={busy}>
              Keep token
            </Button>
            <Button
              variant="destructive"
              disabled={busy}
              onClick={() => revoking && void revoke(revoking)}
            >
              {busy ? 'Revoking...' : 'Revoke token'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  )
}

function TokenList({
  query,
  onRevoke,
}: {
  query: {
    data: ApiToken[] | undefined
    error: unknown
    isLoading: boolean
    isValidating: boolean
    mutate: () => unknown
  }
  onRevoke: (token: ApiToken) => void
}) {
  return (
    <LoadStates
      query={query}
      loadingLabel="Loading API tokens"
      errorTitle="Could not load your API tokens"
      empty={{
        icon: KeyRound,
        title: 'No API tokens yet',
        description: 'Create one above to connect the TMS or a script.',
      }}
    >
      {(data) => (
        <ul aria-label="Your API tokens" className="divide-y divide-slate-200 rounded-md border">
          {data.map((token) => (
            <li
              key={token.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <span className="break-all">{token.name || 'Unnamed token'}</span>
                  {isExpired(token) ? <Badge variant="destructive">Expired</Badge> : null}
                </p>
                <p className="text-sm text-slate-700">
                  {abilitiesText(token.abilities)} · Created {formatDate(token.createdAt)} · Last
                  used {token.lastUsedAt ? formatDate(token.lastUsedAt) : 'Never'} ·{' '}
                  {token.expiresAt
                    ? `${isExpired(token) ? 'Expired' : 'Expires'} ${formatDate(token.expiresAt)}`
                    : 'Never expires'}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onRevoke(token)}
                aria-label={`Revoke ${token.name || 'token'}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </LoadStates>
  )
}

function CreateTokenForm({
  onCreated,
  onRefused,
}: {
  onCreated: (token: CreatedApiToken) => Promise<void>
  onRefused: (message: string) => void
}) {
  const [name, setName] = React.useState('')
  const [days, setDays] = React.useState(DEFAULT_LIFETIME)
  const [abilities, setAbilities] = React.useState<Ability[]>(['tms:read', 'tms:write'])
  const [abilitiesError, setAbilitiesError] = React.useState<string | undefined>()
  const [error, setError] = React.useState<string | undefined>()
  const [saving, setSaving] = React.useState(false)

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missingName = !name.trim()
    setError(missingName ? 'Token name is required' : undefined)
    setAbilitiesError(abilities.length === 0 ? 'Choose at least one ability' : undefined)
    if (missingName || abilities.length === 0) return
    setSaving(true)
    try {
      await onCreated(await createApiToken({ name: name.trim(), expiresInDays: days, abilities }))
      setName('')
      setDays(DEFAULT_LIFETIME)
      setAbilities(['tms:read', 'tms:write'])
    } catch (err) {
      const refused = refusal(err)
      const message = isApiError(err) ? err.fieldErrors[0]?.message : undefined
      if (refused) onRefused(refused)
      else if (message) setError(message)
      else {
        toast({
          variant: 'destructive',
          title: 'Token not created',
          description: err instanceof Error ? err.message : String(err),
        })
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Create API token"
      className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
    >
      <TextField
        id="token-name"
        label="Token name"
        placeholder="e.g. TMS integration"
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
      />
      <FormField id="token-expiry" label="Expires in">
        <NativeSelect
          id="token-expiry"
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {LIFETIMES.map((d) => (
            <option key={d} value={d}>
              {d} days
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" disabled={saving} className="sm:mt-6">
        {saving ? 'Creating...' : 'Create token'}
      </Button>
      <fieldset
        className="sm:col-span-3"
        aria-describedby={abilitiesError ? 'token-abilities-error' : undefined}
      >
        <legend className="text-sm font-medium text-slate-900">Abilities</legend>
        <div className="mt-1 flex flex-col gap-1 sm:flex-row sm:gap-6">
          {ABILITIES.map((a) => (
            <label key={a.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={abilities.includes(a.value)}
                onChange={() =>
                  setAbilities((list) =>
                    list.includes(a.value)
                      ? list.filter((v) => v !== a.value)
                      : ABILITIES.map((x) => x.value).filter(
                          (v) => v === a.value || list.includes(v)
                        )
                  )
                }
              />
              {a.label}
            </label>
          ))}
        </div>
        <FieldError id="token-abilities-error" message={abilitiesError} />
      </fieldset>
    </form>
  )
}

function NewSecret({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const [copied, setCopied] = React.useState(false)
  const copy = async () => {
    try {
      // The Clipboard API is missing outside secure contexts and in some browsers.
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable')
      await navigator.clipboard.writeText(token.token)
      setCopied(true)
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy',
        description: 'Select the token and copy it by hand.',
      })
    }
  }
  return (
    <div
      role="region"
      aria-label="New API token"
      className="space-y-3 rounded-md border border-emerald-300 bg-emerald-50 p-4"
    >
      <p className="text-sm font-medium text-emerald-900">
        Copy this token now. It will not be shown again.
      </p>
      <code
        data-testid="new-token-secret"
        className="block break-all rounded bg-white px-3 py-2 font-mono text-sm text-slate-900"
      >
        {token.token}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={() => void copy()}>
          {copied ? (
            <Check className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Copy className="h-4 w-4" aria-hidden="true" />
          )}
          {copied ? 'Copied' : 'Copy token'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  )
}
