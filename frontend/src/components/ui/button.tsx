import * as React from 'react'
import { cn } from '@/lib/utils'

type SlotProps = React.HTMLAttributes<HTMLElement> & { children?: React.ReactNode }

/**
 * The button's props on its single child, as Radix Slot does: the child's handlers run before
 * the button's, class names and styles join, both refs are set. A few lines instead of Radix's
 * Slot, in every public page's first JavaScript.
 */
const Slot = React.forwardRef<HTMLElement, SlotProps>(function Slot({ children, ...slot }, ref) {
  const element = React.isValidElement<SlotProps & { ref?: React.Ref<HTMLElement> }>(children)
    ? children
    : null
  const childRef = element?.props.ref
  const composedRef = React.useCallback(
    (node: HTMLElement | null) => {
      for (const target of [ref, childRef]) {
        if (typeof target === 'function') target(node)
        else if (target) (target as React.RefObject<HTMLElement | null>).current = node
      }
    },
    [ref, childRef]
  )
  if (!element) return null
  const child = element.props
  const merged: Record<string, unknown> = { ...slot, ...child }
  for (const [name, value] of Object.entries(slot)) {
    const own = (child as Record<string, unknown>)[name]
    if (/^on[A-Z]/.test(name) && typeof value === 'function' && typeof own === 'function') {
      merged[name] = (...args: unknown[]) => {
        own(...args)
        value(...args)
      }
    }
  }
  merged.className = [slot.className, child.className].filter(Boolean).join(' ') || undefined
  if (slot.style || child.style) merged.style = { ...slot.style, ...child.style }
  merged.ref = composedRef
  return React.cloneElement(element, merged)
})

const variants = {
  // brand-700 keeps white text at 5.2:1 (WCAG AA); brand-500 was 2.8:1.
  default: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 focus-visible:ring-brand-500',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200 focus-visible:ring-slate-400',
  outline:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:ring-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 focus-visible:ring-slate-400',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:ring-red-500',
  // emerald-700 keeps white text at 5.5:1 (WCAG AA); emerald-600 was 3.8:1.
  success:
    'bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 focus-visible:ring-emerald-500',
  link: 'text-brand-700 underline-offset-4 hover:underline focus-visible:ring-brand-500',
} as const

const sizes = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-11 px-6 text-base',
  icon: 'h-10 w-10',
} as const

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants
  size?: keyof typeof sizes
  /** Render the single child (e.g. a router Link) with the button's look. */
  asChild?: boolean
}

export function buttonClassName(
  variant: keyof typeof variants = 'default',
  size: keyof typeof sizes = 'default'
) {
  return cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2',
    'disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    sizes[size]
  )
}

export { Slot }

export const Button = React.forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant = 'default', size = 'default', asChild = false, type, ...props },
  ref
) {
  const Comp = asChild ? Slot : 'button'
  return (
    <Comp
      ref={ref}
      className={cn(buttonClassName(variant, size), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  )
})
