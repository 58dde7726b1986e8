import { ShieldAlert } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { useFlaggedCarriers } from '@/features/admin/api/carrier-vetting'
import { CarrierVettingPanel } from '@/features/admin/components/carrier-vetting-panel'

/** Admin: approved carriers whose newest vetting fails (the daily re-vetting flags them). */
export function FlaggedCarriers() {
  const { data, error, isLoading, mutate, isValidating } = useFlaggedCarriers()
  return (
    <Card id="vetting">
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle>
            <span className="flex items-center gap-2">
              <ShieldAlert className="h-5 w-5 text-red-500" aria-hidden="true" />
              Carrier Vetting Alerts
            </span>
          </CardTitle>
          <CardDescription>
            Approved carriers that failed their FMCSA vetting. An out-of-service order suspends the
            carrier.
          </CardDescription>
        </div>
        {data && data.length > 0 ? (
          <Badge variant="destructive">{data.length} flagged</Badge>
        ) : null}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-20 w-full" />
        ) : error ? (
          <LoadError
            title="Could not load flagged carriers"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : !data || data.length === 0 ? (
          <EmptyState
            icon={ShieldAlert}
            title="No flagged carriers"
            description="Every approved carrier passed its latest vetting."
          />
        ) : (
          <ul className="space-y-4" aria-label="Flagged carriers">
            {data.map((carrier) => (
              <li key={carrier.carrierId} aria-label={carrier.companyName} className="space-y-2">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium text-slate-900">{carrier.companyName}</p>
                  {carrier.dotNumber ? (
                    <span className="text-sm text-slate-500">DOT {carrier.dotNumber}</span>
                  ) : null}
                  <Badge
                    variant={carrier.approvalStatus === 'suspended' ? 'destructive' : 'warning'}
                  >
                    {carrier.approvalStatus}
                  </Badge>
                </div>
                <CarrierVettingPanel summary={carrier} name={carrier.companyName} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
