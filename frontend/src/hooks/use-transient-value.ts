import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * A value that clears itself after `ms` milliseconds (error banners, confirmation notices).
 * Showing a new value restarts the timer.
 */
export function useTransientValue<T>(ms: number) {
  const [value, setValue] = useState<T | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    setValue(null)
  }, [])

  const show = useCallback(
    (next: T) => {
      if (timer.current) clearTimeout(timer.current)
      setValue(next)
      timer.current = setTimeout(() => {
        timer.current = null
        setValue(null)
      }, ms)
    },
    [ms]
  )

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    []
  )

  return [value, show, clear] as const
}
