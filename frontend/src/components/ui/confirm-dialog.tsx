import * as React from 'react'
import { Button, type ButtonProps } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'

type ConfirmDialogProps = {
  open: boolean
  /** The question, naming the thing: "Cancel move DRY-007?" */
  title: string
  /** What will happen, ending with the fact that it cannot be undone. */
  description: string
  /** The action's button, labelled by the action: "Cancel move", "Complete and release $90.00". */
  confirmLabel: string
  /** The confirm button's label while the action runs: "Cancelling..." */
  busyLabel?: string
  /** The way out, which changes nothing: "Keep move", "Not yet". */
  cancelLabel: string
  /** The action is running: both buttons wait, and the dialog stays open. */
  busy?: boolean
  /** The action cannot be taken yet (its terms are loading, or it is refused); the way out stays. */
  confirmDisabled?: boolean
  /** The confirm button's look; red unless the action is not a loss (completing pays out). */
  confirmVariant?: NonNullable<ButtonProps['variant']>
  onConfirm: () => void
  /** Keep, the close button, Escape: the dialog closes and nothing happens. */
  onCancel: () => void
  /** More to show between the description and the buttons. */
  children?: React.ReactNode
}

/**
 * Asks before an action that cannot be undone (docs/decisions/0164): an alert dialog that names
 * what will happen, focuses the way out first, and does not close on a stray click outside.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy = false,
  confirmDisabled = false,
  confirmVariant = 'destructive',
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const keep = React.useRef<HTMLButtonElement>(null)
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <DialogContent
        role="alertdialog"
        onPointerDownOutside={(event) => event.preventDefault()}
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          keep.current?.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button ref={keep} variant="outline" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={confirmVariant}
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
            aria-busy={busy || undefined}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
