import * as React from 'react'
import { cn } from '@/lib/utils'

/**
 * A label as Radix Label makes it, without its primitives (in /auth's first JavaScript): a
 * double click on the label does not select its text.
 */
export const Label = React.forwardRef<HTMLLabelElement, React.ComponentPropsWithoutRef<'label'>>(
  function Label({ className, onMouseDown, ...props }, ref) {
    return (
      <label
        ref={ref}
        className={cn(
          'text-sm font-medium leading-none text-slate-800 peer-disabled:opacity-70',
          className
        )}
        onMouseDown={(event) => {
          if ((event.target as HTMLElement).closest('button, input, select, textarea')) return
          onMouseDown?.(event)
          if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
        }}
        {...props}
      />
    )
  }
)
