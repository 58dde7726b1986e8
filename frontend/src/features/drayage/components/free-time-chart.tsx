import type { DrayageMove } from '@/features/drayage/api/get-drayage-moves'
import { cn } from '@/lib/utils'

type Segment = { key: string; label: string; days: number; className: string }

/** The free days against the charged days of a move's two clocks, as one bar. */
export function freeTimeSegments(move: DrayageMove): Segment[] {
  const segments: Segment[] = [
    {
      key: 'free',
      label: 'Free at the terminal',
      days: move.freeDays,
      className: 'bg-emerald-500',
    },
    { key: 'demurrage', label: 'Demurrage', days: move.demurrageDays, className: 'bg-red-500' },
  ]
  if (move.perDiemLastFreeDay) {
    segments.push(
      {
        key: 'perDiemFree',
        label: 'Free with the customer',
        days: move.freeDays,
        className: 'bg-emerald-300',
      },
      { key: 'perDiem', label: 'Per diem', days: move.perDiemDays, className: 'bg-amber-500' }
    )
  }
  return segments.filter((s) => s.days > 0)
}

export function FreeTimeChart({ move }: { move: DrayageMove }) {
  const segments = freeTimeSegments(move)
  const summary = segments
    .map((s) => `${s.label}: ${s.days} day${s.days === 1 ? '' : 's'}`)
    .join(', ')
  return (
    <figure className="space-y-2">
      <div
        role="img"
        aria-label={`Free time and charge days. ${summary}`}
        className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100"
      >
        {segments.map((s) => (
          <div key={s.key} className={cn('h-full', s.className)} style={{ flexGrow: s.days }} />
        ))}
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {segments.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1">
            <span
              aria-hidden="true"
              className={cn('inline-block h-2 w-2 rounded-full', s.className)}
            />
            {s.label} {s.days}d
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
