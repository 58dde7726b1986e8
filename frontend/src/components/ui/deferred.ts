import * as React from 'react'

/**
 * A module a control needs only once it is opened (issue 38, decision 0219): Radix's menu and
 * dialog, with Floating UI, focus trapping and scroll locking, are not in a signed-in screen's
 * first JavaScript. Once loaded, `current()` has it synchronously.
 */
export type DeferredModule<M> = { current: () => M | undefined; load: () => Promise<M> }

export function deferredModule<M>(importer: () => Promise<M>): DeferredModule<M> {
  let module: M | undefined
  let loading: Promise<M> | undefined
  return {
    current: () => module,
    load: () =>
      (loading ??= importer().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          // A failed fetch (offline) is tried again on the next open.
          loading = undefined
          throw error
        }
      )),
  }
}

type OpenProps = {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
}

/**
 * The open state of a deferred control's root (controlled or not) and its module: from the
 * start when it was already loaded as the root mounted, else once the root is first opened. Until
 * then the root renders a light trigger that looks and behaves the same up to opening; a control
 * never swaps its trigger while closed, so focus stays where it is.
 */
export function useDeferredRoot<M>(
  deferred: DeferredModule<M>,
  { open: openProp, defaultOpen = false, onOpenChange }: OpenProps
) {
  const [openState, setOpenState] = React.useState(defaultOpen)
  const open = openProp ?? openState
  const setOpen = React.useCallback(
    (next: boolean) => {
      setOpenState(next)
      onOpenChange?.(next)
    },
    [onOpenChange]
  )
  const [module, setModule] = React.useState(() => deferred.current())
  React.useEffect(() => {
    if (!open || module) return
    let live = true
    deferred.load().then(
      (loaded) => {
        if (live) setModule(() => loaded)
      },
      () => {
        if (live) setOpen(false)
      }
    )
    return () => {
      live = false
    }
  }, [open, module, deferred, setOpen])
  return { open, setOpen, module }
}
