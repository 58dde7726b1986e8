import * as React from 'react'
import { Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
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
