import * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { cn } from '@/lib/utils'

type AuthShellProps = {
  title: string
  description?: React.ReactNode
  children: React.ReactNode
  footer?: React.ReactNode
  wide?: boolean
}

/** Centered card used by the sign-in, registration and approval screens. */
export function AuthShell({ title, description, children, footer, wide }: AuthShellProps) {
  return (
    <div className="flex min-h-[calc(100vh-8rem)] items-start justify-center bg-slate-50 px-4 py-10 sm:items-center">
      <Card className={cn('w-full', wide ? 'max-w-2xl' : 'max-w-md')}>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? (
          <div className="border-t border-slate-100 px-6 py-4 text-center text-sm text-slate-600">
            {footer}
          </div>
        ) : null}
      </Card>
    </div>
  )
}
