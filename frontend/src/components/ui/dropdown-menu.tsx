import * as React from 'react'
import type * as Radix from '@/components/ui/dropdown-menu-radix'
import { Slot } from '@/components/ui/button'
import { deferredModule, useDeferredRoot } from '@/components/ui/deferred'

/**
 * The dropdown menu, with Radix's code (Menu, Popper, Floating UI, focus scope) loaded when a menu
 * is first opened, not with the screen (issue 38, decision 0219). Until then the trigger is a
 * plain button that opens as Radix's does: on a primary-button pointer down, or Enter, Space or
 * ArrowDown; pointing at it or focusing it starts the download. The menu itself is Radix's.
 */
const radix = deferredModule(() => import('@/components/ui/dropdown-menu-radix'))

type Light = { setOpen: (open: boolean) => void }
const RadixContext = React.createContext<typeof Radix | undefined>(undefined)
const LightContext = React.createContext<Light | undefined>(undefined)

type RootProps = React.ComponentProps<typeof Radix.DropdownMenu>

export function DropdownMenu({ open, defaultOpen, onOpenChange, children, ...props }: RootProps) {
  const root = useDeferredRoot(radix, { open, defaultOpen, onOpenChange })
  const { setOpen } = root
  const light = React.useMemo(() => ({ setOpen }), [setOpen])
  if (root.module) {
    const Root = root.module.DropdownMenu
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

type TriggerProps = React.ComponentPropsWithoutRef<typeof Radix.DropdownMenuTrigger>

export const DropdownMenuTrigger = React.forwardRef<HTMLButtonElement, TriggerProps>(
  function DropdownMenuTrigger({ asChild, ...props }, ref) {
    const module = React.useContext(RadixContext)
    const light = React.useContext(LightContext)
    if (module) return <module.DropdownMenuTrigger ref={ref} asChild={asChild} {...props} />
    const preload = () => void radix.load().catch(() => undefined)
    const Comp = asChild ? Slot : 'button'
    return (
      <Comp
        ref={ref}
        {...(asChild ? {} : { type: 'button' as const })}
        aria-haspopup="menu"
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
        onPointerDown={(event: React.PointerEvent<HTMLButtonElement>) => {
          props.onPointerDown?.(event)
          if (event.defaultPrevented || props.disabled) return
          if (event.button === 0 && !event.ctrlKey) {
            light?.setOpen(true)
            // As Radix: the trigger does not take focus; the menu does once open.
            event.preventDefault()
          }
        }}
        onKeyDown={(event: React.KeyboardEvent<HTMLButtonElement>) => {
          props.onKeyDown?.(event)
          if (event.defaultPrevented || props.disabled) return
          if (['Enter', ' ', 'ArrowDown'].includes(event.key)) {
            light?.setOpen(true)
            event.preventDefault()
          }
        }}
      />
    )
  }
)

// The parts below render inside an open menu, so only once Radix is there.

type ContentProps = React.ComponentPropsWithoutRef<typeof Radix.DropdownMenuContent>

export const DropdownMenuContent = React.forwardRef<HTMLDivElement, ContentProps>(
  function DropdownMenuContent(props, ref) {
    const module = React.useContext(RadixContext)
    return module ? <module.DropdownMenuContent ref={ref} {...props} /> : null
  }
)

type ItemProps = React.ComponentPropsWithoutRef<typeof Radix.DropdownMenuItem>

export const DropdownMenuItem = React.forwardRef<HTMLDivElement, ItemProps>(
  function DropdownMenuItem(props, ref) {
    const module = React.useContext(RadixContext)
    return module ? <module.DropdownMenuItem ref={ref} {...props} /> : null
  }
)

export function DropdownMenuLabel(props: React.ComponentProps<typeof Radix.DropdownMenuLabel>) {
  const module = React.useContext(RadixContext)
  return module ? <module.DropdownMenuLabel {...props} /> : null
}

export function DropdownMenuSeparator(
  props: React.ComponentProps<typeof Radix.DropdownMenuSeparator>
) {
  const module = React.useContext(RadixContext)
  return module ? <module.DropdownMenuSeparator {...props} /> : null
}
