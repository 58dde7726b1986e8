import type * as React from 'react'
import { Link } from 'react-router-dom'
import { ArrowLeft } from 'lucide-react'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { roleHome } from '@/app/guards/redirects'

/** A page outside the dashboards, with the way back to the user's own dashboard on top. */
export function WithBackToDashboard({ children }: { children: React.ReactNode }) {
  const { user } = useAuth()
  return (
    <>
      <div className="mx-auto max-w-4xl px-4 pt-6 sm:px-6">
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
