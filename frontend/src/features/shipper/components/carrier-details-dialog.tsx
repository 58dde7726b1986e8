import { BadgeCheck, ShieldCheck } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { formatPercent } from '@/lib/format'
import { useCarrierProfile } from '@/features/shipper/api/get-carrier-profile'
import { LoadError } from '@/components/ui/load-error'
import { RatingSummary } from '@/components/ui/rating-summary'
import { equipmentLabel } from '@/features/shipper/utils/booking-status'

/** `2025-03` -> `March 2025`. */
export function formatMemberSince(value: string | null): string {
  if (!value) return 'Not shown'
  const [y, m] = value.split('-').map(Number)
  if (!y || !m) return value
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    year: 'numeric',
  })
}

function place(city: string | null, state: string | null) {
  return [city, state].filter(Boolean).join(', ') || 'Unknown'
}

/**
 * The anonymous profile of the carrier behind a result: record, equipment, fleet size and
 * lanes. Company name and contact details are revealed only after payment.
 */
export function CarrierDetailsDialog({
  listingId,
  label,
  onClose,
}: {
  listingId: number | null
  label: string
  onClose: () => void
}) {
  const { data, error, isLoading, isValidating, mutate } = useCarrierProfile(listingId)

  return (
    <Dialog open={listingId != null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Carrier Details</DialogTitle>
          <DialogDescription>
            {label}. The carrier&apos;s company name and contact details are shared once your
            booking is paid.
          </DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <div
            className="space-y-3"
            role="status"
            aria-busy="true"
            aria-label="Loading carrier details"
          >
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : error ? (
          <LoadError
            title="Could not load carrier details"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : data ? (
          <div className="space-y-5">
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-semibold text-slate-900">{data.label}</p>
              {data.verified ? (
                <Badge variant="success">
                  <BadgeCheck className="mr-1 h-3.5 w-3.5" aria-hidden="true" />
                  Verified
                </Badge>
              ) : null}
            </div>
            <dl className="grid grid-cols-2 gap-4 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Member since</dt>
                <dd className="font-medium text-slate-900">
                  {formatMemberSince(data.memberSince)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Completed loads</dt>
                <dd className="font-medium text-slate-900">{data.completedLoads}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">On-time delivery</dt>
                <dd className="font-medium text-slate-900">
                  {data.onTimeRate == null ? 'No deliveries yet' : formatPercent(data.onTimeRate)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Cargo claims</dt>
                <dd className="font-medium text-slate-900">
                  {data.claimsRatio == null
                    ? 'No deliveries yet'
                    : `${formatPercent(data.claimsRatio)} of loads`}
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-slate-500">Shippers&apos; reviews</dt>
                <dd className="mt-1">
                  <RatingSummary average={data.rating.average} count={data.rating.count} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Trucks</dt>
                <dd className="font-medium text-slate-900">{data.trucks}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-slate-500">Equipment</dt>
                <dd className="mt-1 flex flex-wrap gap-1.5">
                  {data.equipmentTypes.length === 0 ? (
                    <span className="text-slate-900">Not specified</span>
                  ) : (
                    data.equipmentTypes.map((type) => (
                      <Badge key={type} variant="secondary">
                        {equipmentLabel(type)}
                      </Badge>
                    ))
                  )}
                </dd>
              </div>
            </dl>
            <div>
              <p className="mb-2 text-sm font-medium text-slate-900">Lanes served</p>
              {data.lanes.length === 0 ? (
                <p className="text-sm text-slate-500">No other active lanes.</p>
              ) : (
                <ul className="space-y-1 text-sm text-slate-700" aria-label="Lanes served">
                  {data.lanes.map((lane, i) => (
                    <li key={i}>
                      {place(lane.pickupCity, lane.pickupState)} →{' '}
                      {place(lane.deliveryCity, lane.deliveryState)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <p className="flex items-start gap-2 rounded-md bg-slate-50 p-3 text-xs text-slate-600">
              <ShieldCheck
                className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600"
                aria-hidden="true"
              />
              Verified: our team reviewed and approved this carrier's account before it could list
              capacity.
            </p>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
