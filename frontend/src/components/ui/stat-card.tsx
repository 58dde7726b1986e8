import type * as React from 'react'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

type StatCardProps = {
  label: string
  value: React.ReactNode
  /** A line under the value: what the figure means or covers. */
  detail?: React.ReactNode
  icon?: React.ComponentType<{ className?: string }>
  className?: string
}

/** One headline figure of a dashboard, named by its label for assistive technology. */
export function StatCard({ label, value, detail, icon: Icon, className }: StatCardProps) {
  const id = `stat-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <Card role="group" aria-labelledby={id} className={cn('p-5', className)}>
      <div className="flex items-start justify-between gap-3">
        <p id={id} className="text-sm font-medium text-slate-500">
          {label}
        </p>
        {Icon ? <Icon className="h-5 w-5 shrink-0 text-brand-500" aria-hidden="true" /> : null}
      </div>
      <p className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{value}</p>
      {detail ? <p className="mt-1 text-xs text-slate-500">{detail}</p> : null}
    </Card>
  )
}

/** Placeholder of a StatCard while its figures load. */
export function StatCardSkeleton() {
  return (
    <Card className="space-y-3 p-5">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-7 w-28" />
      <Skeleton className="h-3 w-32" />
    </Card>
  )
}
