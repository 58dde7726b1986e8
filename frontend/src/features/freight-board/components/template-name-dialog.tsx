import * as React from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import { fieldErrorsOf, serverMessageOf } from '@/lib/api-errors'

/**
 * Asks for a template's name (docs/decisions/0248): saving the form or a posted load as a
 * template, or renaming one. The server's answer to a bad name (taken, too long, the limit)
 * shows under the field; a 422 on the form is reported as a whole, since the form is not here.
 */
export function TemplateNameDialog({
  open,
  title,
  description,
  initialName = '',
  confirmLabel,
  onSave,
  onClose,
}: {
  open: boolean
  title: string
  description: string
  initialName?: string
  confirmLabel: string
  onSave: (name: string) => Promise<unknown>
  onClose: () => void
}) {
  const [name, setName] = React.useState(initialName)
  const [error, setError] = React.useState<string | undefined>()
  const [saving, setSaving] = React.useState(false)

  React.useEffect(() => {
    if (open) {
      setName(initialName)
      setError(undefined)
    }
  }, [open, initialName])

  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') {
      setError('Name is required')
      return
    }
    setSaving(true)
    try {
      await onSave(name.trim())
      onClose()
    } catch (failure) {
      const fields = fieldErrorsOf(failure)
      const formError = Object.entries(fields).find(([field]) => field.startsWith('form'))
      setError(
        fields.name ??
          (formError ? `Fix the form first: ${formError[1]}` : undefined) ??
          serverMessageOf(failure) ??
          'Could not save the template'
      )
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !saving && onClose()}>
      <DialogContent>
        <form noValidate onSubmit={save} className="space-y-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <TextField
            id="template-name"
            label="Template name"
            value={name}
            maxLength={100}
            error={error}
            autoComplete="off"
            onChange={(e) => {
              setName(e.target.value)
              setError(undefined)
            }}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
              {saving ? 'Saving...' : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
