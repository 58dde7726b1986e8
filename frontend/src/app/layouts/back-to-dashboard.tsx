import type * as React from 'react'
import { Link } from 'react-router-dom'
import { ArrowLeft } from 'lucide-react'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { roleHome } from '@/app/guards/redirects'

/** The page's own content width, so the link starts where the page's heading does. */
const WIDTHS = { narrow: 'max-w-4xl', wide: 'max-w-6xl' } as const

/** A page outside the dashboards, with the way back to the user's own dashboard on top. */
export function WithBackToDashboard({
  children,
  width = 'narrow',
}: {
  children: React.ReactNode
  /** `wide` for the pages laid out at max-w-6xl (/tms, /freight-board). */
  width?: keyof typeof WIDTHS
}) {
  const { user } = useAuth()
  return (
    <>
      <div className={`mx-auto ${WIDTHS[width]} px-4 pt-6 sm:px-6`}>
        <Link
          to={user ? roleHome(user) : '/'}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700 hover:text-slate-900 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to dashboard
        </Link>
      </div>
      {children}
    </>
  )
}
