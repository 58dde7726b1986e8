import * as React from 'react'
import { Pencil, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { toast } from '@/components/ui/use-toast'
import { isApiError } from '@/lib/api-client'

/** The server's 422 as `{ field: message }` (the first message of each field). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (isApiError(error)) for (const e of error.fieldErrors) out[e.field] ??= e.message
  return out
}

export const errorText = (error: unknown) =>
  error instanceof Error ? error.message.replace(/^\d{3}: /, '') : String(error)

/** "Email me" on a saved lane or search: ticked at once and saved, and back on a failure. */
export function EmailToggle({
  id,
  checked,
  onToggle,
}: {
  id: string
  checked: boolean
  onToggle: (next: boolean) => Promise<unknown>
}) {
  const [busy, setBusy] = React.useState(false)
  const [value, setValue] = React.useState(checked)
  React.useEffect(() => setValue(checked), [checked])
  return (
    <label htmlFor={id} className="inline-flex items-center gap-2 text-sm text-slate-800">
      <input
        id={id}
        type="checkbox"
        className="h-4 w-4 rounded border-slate-300 accent-brand-700"
        checked={value}
        disabled={busy}
        onChange={async (e) => {
          const next = e.target.checked
          setValue(next)
          setBusy(true)
          try {
            await onToggle(next)
          } catch (error) {
            setValue(!next)
            toast({
              variant: 'destructive',
              title: 'Could not save',
              description: errorText(error),
            })
          } finally {
            setBusy(false)
          }
        }}
      />
      Email me
    </label>
  )
}

/** Delete, after a confirmation that names what goes. */
export function DeleteSaved({
  what,
  label,
  onDelete,
}: {
  /** "lane" or "search" */
  what: string
  /** what it matches: "ZIP 606xx → MI" */
  label: string
  onDelete: () => Promise<unknown>
}) {
  const [open, setOpen] = React.useState(false)
  const [busy, setBusy] = React.useState(false)
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Delete saved ${what} ${label}`}
        onClick={() => setOpen(true)}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete saved ${what} ${label}?`}
        description={`You will no longer be told about new matches for it. Its alert history goes with it; this cannot be undone.`}
        confirmLabel={`Delete ${what}`}
        busyLabel="Deleting..."
        cancelLabel={`Keep ${what}`}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true)
          try {
            await onDelete()
            setOpen(false)
            toast({ variant: 'success', title: `Saved ${what} deleted` })
          } catch (error) {
            toast({
              variant: 'destructive',
              title: 'Could not delete',
              description: errorText(error),
            })
          } finally {
            setBusy(false)
          }
        }}
      />
    </>
  )
}

/** A saved lane or search, as its card shows it. */
type SavedItem = { id: number; alerts: number; email: boolean }

/**
 * A saved lane's or search's card: what it matches, its badges and how many alerts it sent,
 * "Email me", Edit (its form in the card's place) and Delete.
 */
export function SavedCard({
  what,
  item,
  label,
  badges,
  onEmail,
  onDelete,
  onChanged,
  editor,
}: {
  what: 'lane' | 'search'
  item: SavedItem
  /** what it matches: "ZIP 606xx → MI" */
  label: string
  /** what else it asks for, as badges */
  badges: React.ReactNode
  onEmail: (email: boolean) => Promise<unknown>
  onDelete: () => Promise<unknown>
  /** after a change saved here: read the list again */
  onChanged: () => Promise<unknown>
  /** the edit form, which calls `done` when saved or cancelled */
  editor: (done: (saved: boolean) => Promise<void>) => React.ReactNode
}) {
  const [editing, setEditing] = React.useState(false)
  if (editing) {
    return editor(async (saved) => {
      setEditing(false)
      if (saved) await onChanged()
    })
  }
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{label}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          {badges}
          <Badge variant="outline" className="normal-case">
            {item.alerts} {item.alerts === 1 ? 'alert' : 'alerts'}
          </Badge>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <EmailToggle
            id={`${what}-${item.id}-email`}
            checked={item.email}
            onToggle={async (email) => {
              await onEmail(email)
              await onChanged()
            }}
          />
          <div className="flex flex-wrap gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Edit saved ${what} ${label}`}
              onClick={() => setEditing(true)}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <DeleteSaved
              what={what}
              label={label}
              onDelete={async () => {
                await onDelete()
                await onChanged()
              }}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  )
}

/**
 * A saved lane's or search's form: its fields, Save and Cancel. The server's 422 shows beside
 * each field it names; any other failure in a toast.
 */
export function SavedForm({
  what,
  title,
  formName,
  onDone,
  save,
  children,
}: {
  what: 'lane' | 'search'
  title: string
  /** the form's accessible name */
  formName: string
  onDone: (saved: boolean) => Promise<void>
  /**
   * Sends the form and answers the saved item's label; null when a check here stopped it,
   * after giving its errors to `refuse`.
   */
  save: (refuse: (errors: Record<string, string>) => void) => Promise<string | null>
  children: (errors: Record<string, string>) => React.ReactNode
}) {
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [saving, setSaving] = React.useState(false)
  const noun = what === 'lane' ? 'Lane' : 'Search'

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setSaving(true)
    setErrors({})
    try {
      const label = await save(setErrors)
      if (label === null) return
      toast({ variant: 'success', title: `${noun} saved`, description: label })
      await onDone(true)
    } catch (error) {
      const fields = fieldErrorsOf(error)
      setErrors(fields)
      if (Object.keys(fields).length === 0) {
        toast({
          variant: 'destructive',
          title: `Could not save the ${what}`,
          description: errorText(error),
        })
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          aria-label={formName}
          onSubmit={(e) => void submit(e)}
          className="space-y-4"
          noValidate
        >
          {children(errors)}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : `Save ${what}`}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={saving}
              onClick={() => void onDone(false)}
            >
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
