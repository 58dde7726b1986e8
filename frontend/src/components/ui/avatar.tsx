import type * as React from 'react'
import { cn } from '@/lib/utils'

/**
 * A round avatar with the user's initials. Plain spans: the app shows no avatar pictures, so
 * Radix Avatar (which waits for an image to load before hiding the fallback) is not needed in
 * every signed-in screen's first JavaScript (decision 0219).
 */
export function Avatar({ className, ...props }: React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={cn('relative flex h-9 w-9 shrink-0 overflow-hidden rounded-full', className)}
      {...props}
    />
  )
}

export function AvatarFallback({ className, ...props }: React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={cn(
        'flex h-full w-full items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800',
        className
      )}
      {...props}
    />
  )
}
