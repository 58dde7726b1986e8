import * as React from 'react'
import { cn } from '@/lib/utils'

export const fieldClassName = cn(
  'flex w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm',
  'placeholder:italic placeholder:text-slate-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:border-brand-500',
  'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-500'
)

export const Input = React.forwardRef<
  HTMLInputElement,
  React.InputHTMLAttributes<HTMLInputElement>
>(function Input({ className, type = 'text', ...props }, ref) {
  return (
    <input ref={ref} type={type} className={cn(fieldClassName, 'h-10', className)} {...props} />
  )
})

export const Textarea = React.forwardRef<
  HTMLTextAreaElement,
  React.TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(fieldClassName, 'min-h-28', className)} {...props} />
})
