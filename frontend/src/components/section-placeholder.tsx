import type * as React from 'react'
import { EmptyState } from '@/components/ui/empty-state'

/** A dashboard section whose data is not available yet: its title and what will appear. */
export function SectionPlaceholder({
  title,
  description,
  emptyText,
  icon,
}: {
  title: string
  description?: string
  emptyText: string
  icon?: React.ComponentType<{ className?: string }>
}) {
  return (
    <section aria-labelledby={`${title}-heading`.replace(/\W+/g, '-')} className="space-y-4">
      <div>
        <h1
          id={`${title}-heading`.replace(/\W+/g, '-')}
          className="text-2xl font-bold tracking-tight text-slate-900"
        >
          {title}
        </h1>
        {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      </div>
      <EmptyState icon={icon} title="Nothing here yet" description={emptyText} />
    </section>
  )
}
