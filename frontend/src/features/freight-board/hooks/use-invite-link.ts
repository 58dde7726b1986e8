import * as React from 'react'
import { useSearchParams } from 'react-router-dom'
import { isApiError } from '@/lib/api-client'
import { useAcceptInvite } from '@/features/freight-board/api/accept-invite'
import { serverMessageOf } from '@/lib/api-errors'

export const INVITE_PARAM = 'invite'

export type InviteOutcome =
  { kind: 'accepted'; loadId: number } | { kind: 'failed'; message: string }

/** The server's reason; its 404 also answers a token sent to another carrier, so it says so. */
function failureMessage(error: unknown): string {
  const message = serverMessageOf(error) ?? 'The invite link is not valid.'
  if (isApiError(error) && error.status === 404) {
    return `${message.replace(/\.$/, '')}. It may have been sent to another carrier account, or the link may be incomplete.`
  }
  return message
}

/**
 * The invite link `/freight-board?invite=<token>`: uses the token once, then takes it out of
 * the URL without a new history entry, so a reload or Back does not try it again.
 */
export function useInviteLink() {
  const [searchParams, setSearchParams] = useSearchParams()
  const token = searchParams.get(INVITE_PARAM)
  const accept = useAcceptInvite()
  // StrictMode runs the effect twice on mount; the ref survives, so the token is sent once.
  const used = React.useRef<string | null>(null)
  const [outcome, setOutcome] = React.useState<InviteOutcome | null>(null)
  // Cleaning the URL navigates: a carrier who left the board meanwhile must not be pulled back.
  const mounted = React.useRef(false)
  React.useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  React.useEffect(() => {
    if (!token || used.current === token) return
    used.current = token
    accept(token)
      .then(
        (accepted) => setOutcome({ kind: 'accepted', loadId: accepted.id }),
        (error: unknown) => setOutcome({ kind: 'failed', message: failureMessage(error) })
      )
      .finally(() => {
        if (!mounted.current) return
        setSearchParams(
          (current) => {
            const next = new URLSearchParams(current)
            next.delete(INVITE_PARAM)
            return next
          },
          { replace: true }
        )
      })
  }, [token, accept, setSearchParams])

  const dismiss = React.useCallback(() => setOutcome(null), [])
  // The token stays in the URL until the answer comes, so its presence means "being used".
  return { pending: token != null, outcome, dismiss }
}
