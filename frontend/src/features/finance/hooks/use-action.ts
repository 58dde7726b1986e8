import * as React from 'react'
import { toast } from '@/components/ui/use-toast'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'

/**
 * Runs one server call for a form: busy while it runs, the 422's field errors by field, any
 * other refusal as an error toast with the server's message, a success toast when given.
 */
export function useAction() {
  const [busy, setBusy] = React.useState(false)
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const run = React.useCallback(
    async <T>(call: () => Promise<T>, success?: string): Promise<T | null> => {
      setBusy(true)
      setErrors({})
      try {
        const result = await call()
        if (success) toast({ variant: 'success', title: success })
        return result
      } catch (error) {
        const fields = fieldErrorsOf(error)
        setErrors(fields)
        if (Object.keys(fields).length === 0) {
          toast({ variant: 'destructive', title: serverMessage(error, 'Something went wrong') })
        }
        return null
      } finally {
        setBusy(false)
      }
    },
    []
  )
  return { busy, errors, run }
}
