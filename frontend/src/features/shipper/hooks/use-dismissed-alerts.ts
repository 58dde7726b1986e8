import { useCallback, useState } from 'react'

export const DISMISSED_ALERTS_STORAGE_KEY = 'palletline.shipper.dismissedAlerts'

function read(): string[] {
  try {
    const raw = window.sessionStorage.getItem(DISMISSED_ALERTS_STORAGE_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : []
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

function write(ids: string[]) {
  try {
    window.sessionStorage.setItem(DISMISSED_ALERTS_STORAGE_KEY, JSON.stringify(ids))
  } catch {
    // Storage full or disabled: the dismissal lasts until the page reloads.
  }
}

/** Alert ids dismissed in this browser tab's session (sessionStorage). */
export function useDismissedAlerts() {
  const [dismissed, setDismissed] = useState<string[]>(read)

  const dismiss = useCallback((id: string) => {
    setDismissed((current) => {
      if (current.includes(id)) return current
      const next = [...current, id]
      write(next)
      return next
    })
  }, [])

  return { dismissed, dismiss }
}
