import * as React from 'react'
import type { ShipperLoad } from '@/features/freight-board/api/types'

/** The provider's webhook marks a paid load FUNDED; ask every second, for about 20 s. */
export const FUNDING_POLL_INTERVAL_MS = 1000
export const FUNDING_POLL_LIMIT_MS = 20_000

/**
 * After the card is accepted, reloads the list every second until each load paid for reads
 * FUNDED (the sandbox's webhook comes before its answer, Stripe's a few seconds later), giving
 * up on a load after 20 s; the 30-second refresh carries on from there.
 */
export function useRevalidateUntilFunded(loads: ShipperLoad[] | undefined, revalidate: () => void) {
  // load id -> when to stop asking about it
  const [deadlines, setDeadlines] = React.useState<ReadonlyMap<number, number>>(new Map())
  const funded = React.useMemo(
    () => new Set((loads ?? []).filter((l) => l.payment_status !== 'UNFUNDED').map((l) => l.id)),
    [loads]
  )
  const waiting = [...deadlines.keys()].filter((id) => !funded.has(id))
  const waitingKey = waiting.join(',')

  React.useEffect(() => {
    if (!waitingKey) return
    const timer = setInterval(() => {
      const now = Date.now()
      setDeadlines((current) => {
        const live = [...current].filter(([, until]) => until > now)
        return live.length === current.size ? current : new Map(live)
      })
      revalidate()
    }, FUNDING_POLL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [waitingKey, revalidate])

  const watch = React.useCallback(
    (id: number) => {
      setDeadlines((current) => new Map(current).set(id, Date.now() + FUNDING_POLL_LIMIT_MS))
      revalidate()
    },
    [revalidate]
  )
  return { watch, waiting: new Set(waiting) }
}
