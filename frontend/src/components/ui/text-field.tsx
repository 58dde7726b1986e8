import * as React from 'react'
import { FormField } from '@/components/ui/form-field'
import { Input, Textarea } from '@/components/ui/input'

type TextFieldProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string
  label: React.ReactNode
  error?: string
  hint?: React.ReactNode
  containerClassName?: string
}

/** A labelled input with its error message wired through aria-invalid / aria-describedby. */
export function TextField({
  id,
  label,
  error,
  hint,
  containerClassName,
  ...props
}: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={containerClassName}>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
    </FormField>
  )
}

type TextAreaFieldProps = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string
  label: React.ReactNode
  error?: string
  containerClassName?: string
}

export function TextAreaField({
  id,
  label,
  error,
  containerClassName,
  ...props
}: TextAreaFieldProps) {
  return (
    <FormField id={id} label={label} error={error} className={containerClassName}>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
    </FormField>
  )
}
