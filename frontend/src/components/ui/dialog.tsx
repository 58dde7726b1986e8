import * as React from 'react'
import type * as Radix from '@/components/ui/dialog-radix'
import { Slot } from '@/components/ui/button'
import { deferredModule, useDeferredRoot } from '@/components/ui/deferred'
import { cn } from '@/lib/utils'

/**
 * The dialog, with Radix's code (focus trap, scroll lock, dismissable layer) loaded when a dialog
 * is first opened, not with the screen (issue 38, decision 0219). Until then its trigger is a
 * plain button that opens it on click, as Radix's does; pointing at it or focusing it starts the
 * download. The dialog itself is Radix's.
 */
const radix = deferredModule(() => import('@/components/ui/dialog-radix'))

type Light = { setOpen: (open: boolean) => void }
const RadixContext = React.createContext<typeof Radix | undefined>(undefined)
const LightContext = React.createContext<Light | undefined>(undefined)

type RootProps = React.ComponentProps<typeof Radix.Dialog>

export function Dialog({ open, defaultOpen, onOpenChange, children, ...props }: RootProps) {
  const root = useDeferredRoot(radix, { open, defaultOpen, onOpenChange })
  const { setOpen } = root
  const light = React.useMemo(() => ({ setOpen }), [setOpen])
  if (root.module) {
    const Root = root.module.Dialog
    return (
      <RadixContext.Provider value={root.module}>
        <Root open={root.open} onOpenChange={root.setOpen} {...props}>
          {children}
        </Root>
      </RadixContext.Provider>
    )
  }
  return <LightContext.Provider value={light}>{children}</LightContext.Provider>
}

type TriggerProps = React.ComponentPropsWithoutRef<typeof Radix.DialogTrigger>

export const DialogTrigger = React.forwardRef<HTMLButtonElement, TriggerProps>(
  function DialogTrigger({ asChild, ...props }, ref) {
    const module = React.useContext(RadixContext)
    const light = React.useContext(LightContext)
    if (module) return <module.DialogTrigger ref={ref} asChild={asChild} {...props} />
    const preload = () => void radix.load().catch(() => undefined)
    const Comp = asChild ? Slot : 'button'
    return (
      <Comp
        ref={ref}
        {...(asChild ? {} : { type: 'button' as const })}
        aria-haspopup="dialog"
        aria-expanded={false}
        data-state="closed"
        {...props}
        onPointerEnter={(event: React.PointerEvent<HTMLButtonElement>) => {
          props.onPointerEnter?.(event)
          preload()
        }}
        onFocus={(event: React.FocusEvent<HTMLButtonElement>) => {
          props.onFocus?.(event)
          preload()
        }}
        onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
          props.onClick?.(event)
          if (!event.defaultPrevented) light?.setOpen(true)
        }}
      />
    )
  }
)

// The parts below render inside an open dialog, so only once Radix is there.

type CloseProps = React.ComponentPropsWithoutRef<typeof Radix.DialogClose>

export const DialogClose = React.forwardRef<HTMLButtonElement, CloseProps>(
  function DialogClose(props, ref) {
    const module = React.useContext(RadixContext)
    return module ? <module.DialogClose ref={ref} {...props} /> : null
  }
)

type ContentProps = React.ComponentPropsWithoutRef<typeof Radix.DialogContent>

export const DialogContent = React.forwardRef<HTMLDivElement, ContentProps>(
  function DialogContent(props, ref) {
    const module = React.useContext(RadixContext)
    return module ? <module.DialogContent ref={ref} {...props} /> : null
  }
)

export function DialogHeader({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mb-4 flex flex-col gap-1.5 pr-6', className)} {...props} />
}

export function DialogFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  )
}

type TitleProps = React.ComponentPropsWithoutRef<typeof Radix.DialogTitle>

export const DialogTitle = React.forwardRef<HTMLHeadingElement, TitleProps>(
  function DialogTitle(props, ref) {
    const module = React.useContext(RadixContext)
    return module ? <module.DialogTitle ref={ref} {...props} /> : null
  }
)

type DescriptionProps = React.ComponentPropsWithoutRef<typeof Radix.DialogDescription>

export const DialogDescription = React.forwardRef<HTMLParagraphElement, DescriptionProps>(
  function DialogDescription(props, ref) {
    const module = React.useContext(RadixContext)
    return module ? <module.DialogDescription ref={ref} {...props} /> : null
  }
)
