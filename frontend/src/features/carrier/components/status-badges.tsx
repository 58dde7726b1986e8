import { Badge, type BadgeProps } from '@/components/ui/badge'
import { formatStatus } from '@/lib/format'

type Variant = NonNullable<BadgeProps['variant']>

const LISTING: Record<string, Variant> = { active: 'success', booked: 'info', expired: 'secondary' }
const TRUCK: Record<string, Variant> = {
  available: 'success',
  in_use: 'info',
  maintenance: 'warning',
}
const INVOICE: Record<string, Variant> = { paid: 'success', pending: 'warning' }

export function ListingStatusBadge({ status }: { status: string }) {
  return <Badge variant={LISTING[status] ?? 'secondary'}>{formatStatus(status)}</Badge>
}

export function TruckStatusBadge({ status }: { status: string }) {
  return <Badge variant={TRUCK[status] ?? 'secondary'}>{formatStatus(status)}</Badge>
}

export function InvoiceStatusBadge({ status }: { status: string }) {
  return <Badge variant={INVOICE[status] ?? 'secondary'}>{formatStatus(status)}</Badge>
}
