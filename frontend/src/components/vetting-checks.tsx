import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/format'
import type { components } from '@/types/api'

export type VettingSnapshot = components['schemas']['VettingSnapshot']
type VettingResult = components['schemas']['VettingResult']

const RESULT_BADGE: Record<
  VettingResult,
  { variant: 'success' | 'warning' | 'destructive'; text: string }
> = {
  pass: { variant: 'success', text: 'Pass' },
  warn: { variant: 'warning', text: 'Warning' },
  fail: { variant: 'destructive', text: 'Fail' },
}

export function VettingResultBadge({ result }: { result: VettingResult }) {
  const shown = RESULT_BADGE[result]
  return <Badge variant={shown.variant}>{shown.text}</Badge>
}

/**
 * A carrier's vetting against the FMCSA census: the overall result, when and by which source
 * it was checked, and each check with its reason (admin approvals, a carrier's insurance card,
 * a paid booking's detail).
 */
export function VettingChecks({ vetting, title }: { vetting: VettingSnapshot; title: string }) {
  return (
    <section aria-label={title} className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-900">{title}</span>
        <VettingResultBadge result={vetting.result} />
        <span className="text-xs text-slate-500">
          Checked {formatDateTime(vetting.checkedAt)} · {vetting.driver}
        </span>
      </div>
      <ul className="space-y-1.5">
        {vetting.checks.map((check) => (
          <li
            key={check.key}
            className="flex flex-col gap-0.5 rounded-md bg-slate-50 px-2.5 py-1.5 text-sm sm:flex-row sm:items-start sm:gap-2"
            aria-label={`${check.label}: ${RESULT_BADGE[check.result].text}`}
          >
            <span className="shrink-0">
              <VettingResultBadge result={check.result} />
            </span>
            <span className="min-w-0">
              <span className="font-medium text-slate-800">{check.label}</span>
              <span className="block break-words text-slate-600">{check.reason}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
