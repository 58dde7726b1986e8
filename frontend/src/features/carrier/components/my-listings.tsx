import * as React from 'react'
import { Archive, Eye, List, Plus, RotateCcw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Label } from '@/components/ui/label'
import { LoadError } from '@/components/ui/load-error'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { toast } from '@/components/ui/use-toast'
import {
  LISTING_STATUSES,
  useListings,
  type Listing,
  type ListingStatus,
} from '@/features/carrier/api/get-listings'
import {
  useUpdateListingStatus,
  type ListingStatusChange,
} from '@/features/carrier/api/update-listing-status'
import { ListingDetailsDialog } from '@/features/carrier/components/listing-details-dialog'
import { ListingFormDialog } from '@/features/carrier/components/listing-form-dialog'
import { SectionHeader } from '@/features/carrier/components/section-header'
import { ListingStatusBadge } from '@/features/carrier/components/status-badges'
import { serverMessage } from '@/lib/api-errors'
import { formatListingRoute, formatTruckName } from '@/features/carrier/utils/format-route'
import { formatCalendarDate, formatCurrency, formatDate, formatStatus } from '@/lib/format'

type Filter = 'all' | ListingStatus

const FILTER_LABELS: Record<Filter, string> = {
  all: 'All Listings',
  active: 'Active',
  booked: 'Booked',
  expired: 'Expired',
}

const COLUMNS = [
  'Date Created',
  'Route',
  'Truck',
  'Rate/Mile/Pallet',
  'Max Pallets',
  'Available Date',
  'Status',
  'Actions',
]

/** My Listings: the carrier's capacity listings with filter, details, Archive and Reactivate. */
export function MyListings() {
  const [filter, setFilter] = React.useState<Filter>('all')
  const [creating, setCreating] = React.useState(false)
  const [viewing, setViewing] = React.useState<Listing | null>(null)
  const [changingId, setChangingId] = React.useState<number | null>(null)
  const { data, error, isLoading, isValidating, mutate } = useListings(
    filter === 'all' ? undefined : filter
  )
  const changeStatus = useUpdateListingStatus()

  const onChange = async (listing: Listing, status: ListingStatusChange) => {
    setChangingId(listing.id)
    try {
      await changeStatus(listing.id, status)
      toast({ variant: 'success', title: 'Listing status updated successfully' })
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(err, 'Failed to update listing status'),
      })
    } finally {
      setChangingId(null)
    }
  }

  return (
    <div className="space-y-6">
      <SectionHeader
        title="My Listings"
        description="Capacity you offer to shippers on your routes."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Create New Listing
          </Button>
        }
      />

      <Card>
        <CardContent className="space-y-4 pt-6">
          <div className="flex items-center gap-3">
            <Label htmlFor="listing-filter" className="shrink-0">
              Status
            </Label>
            <div className="w-48">
              <NativeSelect
                id="listing-filter"
                value={filter}
                onChange={(e) => setFilter(e.target.value as Filter)}
              >
                {(['all', ...LISTING_STATUSES] as Filter[]).map((f) => (
                  <option key={f} value={f}>
                    {FILTER_LABELS[f]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>

          {isLoading ? (
            <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading listings">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : error && !data ? (
            <LoadError
              title="Could not load your listings"
              error={error}
              onRetry={() => void mutate()}
              retrying={isValidating}
            />
          ) : !data || data.length === 0 ? (
            <EmptyState
              icon={List}
              title="No listings found"
              description={
                filter === 'all'
                  ? 'Create your first listing to offer capacity to shippers.'
                  : `You have no ${FILTER_LABELS[filter].toLowerCase()} listings.`
              }
            />
          ) : (
            <Table aria-label="Listings">
              <TableHeader>
                <tr>
                  {COLUMNS.map((c) => (
                    <TableHead key={c} className="whitespace-normal px-2">
                      {/* Let "Rate/Mile/Pallet" break after a slash on narrow screens. */}
                      {c.split('/').map((part, i) => (
                        <React.Fragment key={part}>
                          {i > 0 ? (
                            <>
                              /<wbr />
                            </>
                          ) : null}
                          {part}
                        </React.Fragment>
                      ))}
                    </TableHead>
                  ))}
                </tr>
              </TableHeader>
              <TableBody>
                {data.map((listing) => {
                  const busy = changingId === listing.id
                  const route = formatListingRoute(listing)
                  return (
                    <TableRow key={listing.id} aria-label={`Listing ${route}`}>
                      <TableCell className="px-2">{formatDate(listing.createdAt)}</TableCell>
                      <TableCell className="min-w-32 px-2 font-medium text-slate-900">
                        {route}
                      </TableCell>
                      <TableCell className="px-2">
                        {listing.truck ? (
                          <>
                            {formatTruckName(listing.truck)}
                            <span className="block text-xs text-slate-500">
                              {listing.truck.licensePlate}
                            </span>
                          </>
                        ) : (
                          '—'
                        )}
                      </TableCell>
                      <TableCell className="px-2">
                        {formatCurrency(listing.ratePerMilePerPallet)}
                      </TableCell>
                      <TableCell className="px-2">{listing.maxPallets}</TableCell>
                      <TableCell className="px-2">
                        {formatCalendarDate(listing.availableDate) || '—'}
                      </TableCell>
                      <TableCell className="px-2">
                        <ListingStatusBadge status={listing.status} />
                      </TableCell>
                      <TableCell className="px-2">
                        <div className="flex items-center gap-1">
                          <Button
                            variant="ghost"
                            size="icon"
                            className="h-9 w-9"
                            onClick={() => setViewing(listing)}
                            aria-label={`View details of listing ${route}`}
                            title="Details"
                          >
                            <Eye className="h-4 w-4" aria-hidden="true" />
                          </Button>
                          {listing.status === 'active' ? (
                            <Button
                              variant="outline"
                              size="sm"
                              disabled={busy}
                              onClick={() => void onChange(listing, 'expired')}
                            >
                              <Archive className="h-4 w-4" aria-hidden="true" /> Archive
                            </Button>
                          ) : null}
                          {listing.status === 'expired' ? (
                            <Button
                              variant="outline"
                              size="sm"
                              disabled={busy}
                              onClick={() => void onChange(listing, 'active')}
                            >
                              <RotateCcw className="h-4 w-4" aria-hidden="true" /> Reactivate
                            </Button>
                          ) : null}
                        </div>
                      </TableCell>
                    </TableRow>
                  )
                })}
              </TableBody>
            </Table>
          )}
          {data && data.length > 0 ? (
            <p className="text-xs text-slate-500">
              {data.length === 1 ? '1 listing' : `${data.length} listings`}
              {filter === 'all' ? '' : ` · ${formatStatus(filter)}`}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <ListingFormDialog open={creating} onOpenChange={setCreating} />
      <ListingDetailsDialog listing={viewing} onClose={() => setViewing(null)} />
    </div>
  )
}
