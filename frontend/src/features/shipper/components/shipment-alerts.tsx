import { AlertTriangle, Clock, PackageCheck, X } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { ShipmentAlert } from '@/features/shipper/utils/shipment-alerts'
import { cn } from '@/lib/utils'

const ICONS = { delayed: AlertTriangle, overdue: Clock, complete: PackageCheck } as const

/** The shipper's alerts, each dismissible for the rest of the browser session. */
export function ShipmentAlerts({
  alerts,
  onDismiss,
}: {
  alerts: ShipmentAlert[]
  onDismiss: (id: string) => void
}) {
  if (alerts.length === 0) return null
  return (
    <section aria-labelledby="shipment-alerts-heading" className="space-y-3">
      <h2 id="shipment-alerts-heading" className="text-lg font-semibold text-slate-900">
        Shipment Alerts
      </h2>
      <ul className="space-y-2" aria-label="Shipment alerts">
        {alerts.map((alert) => {
          const Icon = ICONS[alert.kind]
          const high = alert.priority === 'high'
          return (
            <li
              key={alert.id}
              aria-label={alert.title}
              className={cn(
                'flex items-start gap-3 rounded-lg border p-4 text-sm',
                high
                  ? 'border-red-200 bg-red-50 text-red-900'
                  : 'border-amber-200 bg-amber-50 text-amber-900'
              )}
            >
              <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-semibold">{alert.title}</p>
                  <Badge variant={high ? 'destructive' : 'warning'}>
                    {high ? 'High priority' : 'Medium priority'}
                  </Badge>
                </div>
                <p>{alert.message}</p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="h-8 w-8 shrink-0"
                aria-label={`Dismiss alert: ${alert.title}`}
                onClick={() => onDismiss(alert.id)}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
