import * as React from 'react'
import { cn } from '@/lib/utils'

const variants = {
  default: 'bg-brand-100 text-brand-800 border-transparent',
  secondary: 'bg-slate-100 text-slate-700 border-transparent',
  outline: 'border-slate-300 text-slate-700',
  success: 'bg-emerald-100 text-emerald-800 border-transparent',
  warning: 'bg-amber-100 text-amber-800 border-transparent',
  destructive: 'bg-red-100 text-red-800 border-transparent',
  info: 'bg-sky-100 text-sky-800 border-transparent',
} as const

export type BadgeProps = React.HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }

export function Badge({ className, variant = 'default', ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold capitalize',
        variants[variant],
        className
      )}
      {...props}
    />
  )
}
