import { BadgeCheck, CalendarDays, Gauge, Package, Route, Truck } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { RatingSummary } from '@/components/ui/rating-summary'
import { formatCalendarDate, formatCurrency, formatMiles, formatPercent } from '@/lib/format'
import type { SearchResult } from '@/features/shipper/api/search-listings'
import type { CarrierProfile } from '@/features/shipper/api/get-carrier-profile'
import { PriceBreakdown } from '@/features/shipper/components/price-breakdown'
import { equipmentLabel } from '@/features/shipper/utils/booking-status'

/** `96% on time over 25 loads`, or that there is no delivery record yet. */
export function onTimeRecord(profile: Pick<CarrierProfile, 'onTimeRate' | 'completedLoads'>) {
  const loads = `${profile.completedLoads} completed load${profile.completedLoads === 1 ? '' : 's'}`
  if (profile.onTimeRate == null) return `New on the platform · ${loads}`
  return `${formatPercent(profile.onTimeRate)} on time · ${loads}`
}

/** One available carrier: anonymous until payment, with a fixed, itemised price. */
export function CarrierResultCard({
  result,
  pallets,
  onDetails,
  onBook,
}: {
  result: SearchResult
  pallets: number
  onDetails: () => void
  onBook: () => void
}) {
  const label = result.carrierLabel || result.carrierName
  return (
    <Card className="flex flex-col" aria-label={label} role="article">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-base">{label}</CardTitle>
          {result.carrierProfile?.verified ? (
            <Badge variant="success">
              <BadgeCheck className="mr-1 h-3.5 w-3.5" aria-hidden="true" />
              Verified
            </Badge>
          ) : null}
        </div>
        {result.carrierProfile ? (
          <>
            <RatingSummary
              average={result.carrierProfile.rating.average}
              count={result.carrierProfile.rating.count}
              onTimeRate={result.carrierProfile.onTimeRate}
            />
            <p className="text-xs text-slate-500">{onTimeRecord(result.carrierProfile)}</p>
          </>
        ) : null}
      </CardHeader>
      <CardContent className="flex-1 space-y-4">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="flex items-center gap-1 text-xs text-slate-500">
              <Truck className="h-3.5 w-3.5" aria-hidden="true" /> Equipment
            </dt>
            <dd className="font-medium text-slate-900">{equipmentLabel(result.equipmentType)}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1 text-xs text-slate-500">
              <Gauge className="h-3.5 w-3.5" aria-hidden="true" /> Rate
            </dt>
            <dd className="font-medium text-slate-900">
              {formatCurrency(result.ratePerMilePerPallet)}/mile/pallet
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-1 text-xs text-slate-500">
              <Route className="h-3.5 w-3.5" aria-hidden="true" /> Distance
            </dt>
            <dd className="font-medium text-slate-900">{formatMiles(result.distance_miles)}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1 text-xs text-slate-500">
              <Package className="h-3.5 w-3.5" aria-hidden="true" /> Available capacity
            </dt>
            <dd className="font-medium text-slate-900">
              {result.available_capacity} of {result.maxPallets} pallets
            </dd>
          </div>
          {result.availableDate ? (
            <div className="col-span-2">
              <dt className="flex items-center gap-1 text-xs text-slate-500">
                <CalendarDays className="h-3.5 w-3.5" aria-hidden="true" /> Available from
              </dt>
              <dd className="font-medium text-slate-900">
                {formatCalendarDate(result.availableDate)}
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="rounded-lg bg-slate-50 p-3">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
            Estimated price
          </p>
          <p className="mb-2 text-2xl font-bold text-slate-900">
            {formatCurrency(result.estimated_price)}
          </p>
          <PriceBreakdown
            breakdown={result.priceBreakdown}
            pallets={pallets}
            miles={result.distance_miles}
            rate={result.ratePerMilePerPallet}
          />
        </div>
      </CardContent>
      <CardFooter className="gap-2">
        <Button variant="outline" className="flex-1" onClick={onDetails}>
          Carrier Details
        </Button>
        <Button className="flex-1" onClick={onBook}>
          Book Now
        </Button>
      </CardFooter>
    </Card>
  )
}
