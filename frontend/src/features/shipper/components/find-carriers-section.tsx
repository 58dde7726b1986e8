import * as React from 'react'
import { Link } from 'react-router-dom'
import { CreditCard, SearchX } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { paths } from '@/config/paths'
import { trackEvent } from '@/lib/analytics'
import { isApiError } from '@/lib/api-client'
import {
  SEARCH_PAGE_SIZE,
  searchListings,
  useSearchListings,
  type SearchCriteria,
  type SearchPage,
  type SearchResult,
} from '@/features/shipper/api/search-listings'
import type { ShipperBooking } from '@/features/shipper/api/get-bookings'
import { CarrierDetailsDialog } from '@/features/shipper/components/carrier-details-dialog'
import { CarrierResultCard } from '@/features/shipper/components/carrier-result-card'
import { CreateBookingDialog } from '@/features/shipper/components/create-booking-dialog'
import { EstimatedSavingsCard } from '@/features/shipper/components/estimated-savings-card'
import { LoadMoreResults } from '@/features/shipper/components/load-more-results'
import { SearchForm } from '@/features/shipper/components/search-form'
import { UpcomingShipmentsCard } from '@/features/shipper/components/upcoming-shipments-card'
import type { SearchFormField } from '@/features/shipper/utils/search-form'
import { formatBookingReference } from '@/lib/format'

export const NO_CARRIERS_MESSAGE =
  'Try expanding your search radius or adjusting your pickup location.'

const SEARCH_FIELDS: SearchFormField[] = [
  'pickupAddress',
  'deliveryAddress',
  'numberOfPallets',
  'pickupDate',
]

function errorMessage(err: unknown) {
  return err instanceof Error ? err.message : String(err)
}

/** Appends a page, skipping offers already shown (the order may shift between pages). */
function appendPage(shown: SearchResult[], page: SearchResult[]) {
  const seen = new Set(shown.map((r) => r.id))
  return [...shown, ...page.filter((r) => !seen.has(r.id))]
}

/** Find Carriers: upcoming shipments, estimated savings, the search and its results. */
export function FindCarriersSection({
  today,
  saveSearch,
}: {
  today: string
  /** "Save this search" for the search shown, from the alerts feature (decision 0239) */
  saveSearch?: (criteria: SearchCriteria) => React.ReactNode
}) {
  const { trigger, isMutating } = useSearchListings()
  const [results, setResults] = React.useState<SearchResult[] | null>(null)
  // The whole answer's size, the next page to ask for, and how many pages are shown.
  const [paging, setPaging] = React.useState({
    total: 0,
    nextPage: null as number | null,
    pages: 1,
  })
  const [loadingMore, setLoadingMore] = React.useState(false)
  const [criteria, setCriteria] = React.useState<SearchCriteria | null>(null)
  const [serverErrors, setServerErrors] = React.useState<
    Partial<Record<SearchFormField, string>> | undefined
  >()
  const [detailsFor, setDetailsFor] = React.useState<SearchResult | null>(null)
  const [bookingFor, setBookingFor] = React.useState<SearchResult | null>(null)
  const [created, setCreated] = React.useState<ShipperBooking | null>(null)

  const onSearch = async (next: SearchCriteria) => {
    setServerErrors(undefined)
    try {
      const found = await trigger(next)
      setResults(found.results)
      setPaging({ total: found.total, nextPage: found.nextPage, pages: 1 })
      setCriteria(next)
      trackEvent('search', { numberOfPallets: next.numberOfPallets, results: found.total })
      if (found.total === 0) {
        toast({ title: 'No carriers found', description: NO_CARRIERS_MESSAGE })
      } else {
        toast({
          variant: 'success',
          title: 'Search successful',
          description: `Found ${found.total} available carrier(s)`,
        })
      }
    } catch (err) {
      setResults(null)
      setCriteria(null)
      if (isApiError(err)) {
        const fields: Partial<Record<SearchFormField, string>> = {}
        for (const e of err.fieldErrors) {
          if ((SEARCH_FIELDS as string[]).includes(e.field)) {
            fields[e.field as SearchFormField] = e.message
          }
        }
        setServerErrors(fields)
      }
      trackEvent('search_failed', {
        status: isApiError(err) ? err.status : null,
        message: errorMessage(err),
      })
      toast({ variant: 'destructive', title: 'Search failed', description: errorMessage(err) })
    }
  }

  const onLoadMore = async () => {
    if (!criteria || paging.nextPage === null) return
    const page = paging.nextPage
    setLoadingMore(true)
    try {
      const more = await searchListings(criteria, { page })
      setResults((shown) => appendPage(shown ?? [], more.results))
      setPaging({ total: more.total, nextPage: more.nextPage, pages: page })
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Could not load more carriers',
        description: errorMessage(err),
      })
    } finally {
      setLoadingMore(false)
    }
  }

  const onBook = (result: SearchResult) => {
    trackEvent('begin_checkout', {
      listingId: result.listingId ?? result.id,
      numberOfPallets: criteria?.numberOfPallets,
      value: result.estimated_price,
      currency: 'USD',
    })
    setBookingFor(result)
  }

  const onCreated = (booking: ShipperBooking) => {
    setBookingFor(null)
    setCreated(booking)
    // Capacity changed: refresh the pages shown quietly so the cards show what is left.
    if (criteria) {
      const pages = Math.min(paging.pages, 100 / SEARCH_PAGE_SIZE)
      trigger(pages > 1 ? { ...criteria, perPage: pages * SEARCH_PAGE_SIZE } : criteria)
        .then((page: SearchPage) => {
          setResults(page.results)
          setPaging({
            total: page.total,
            nextPage: page.total > page.results.length ? pages + 1 : null,
            pages,
          })
        })
        .catch(() => undefined)
    }
  }

  return (
    <section aria-labelledby="find-carriers-heading" className="space-y-6">
      <div>
        <h1 id="find-carriers-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Find Carriers
        </h1>
        <p className="mt-1 text-slate-600">
          Book pallet space on a verified carrier&apos;s truck at a fixed price, no bidding.
        </p>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <UpcomingShipmentsCard />
        <EstimatedSavingsCard />
      </div>

      <SearchForm
        today={today}
        isSearching={isMutating}
        onSearch={(c) => void onSearch(c)}
        serverErrors={serverErrors}
      />

      {created ? (
        <Alert
          variant="success"
          title={`Booking ${created.reference || formatBookingReference(created.id)} is reserved`}
        >
          <p>
            The pallets are held for you. Pay now to confirm the booking; the carrier&apos;s
            identity is revealed once payment is confirmed.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link to={paths.payment.getHref(created.id)}>
                <CreditCard className="h-4 w-4" aria-hidden="true" />
                Pay now
              </Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={paths.shipper.getHref('bookings')}>View My Bookings</Link>
            </Button>
          </div>
        </Alert>
      ) : null}

      {isMutating && !results ? (
        <div
          className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3"
          role="status"
          aria-busy="true"
          aria-label="Searching carriers"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-96 w-full" />
          ))}
        </div>
      ) : results && criteria ? (
        <section aria-labelledby="available-carriers-heading" className="space-y-4">
          <h2
            id="available-carriers-heading"
            className="flex items-center gap-3 text-xl font-semibold text-slate-900"
          >
            Available Carriers
            <Badge variant="secondary" className="text-sm">
              {paging.total}
            </Badge>
          </h2>
          {saveSearch ? <div className="flex justify-end">{saveSearch(criteria)}</div> : null}
          {results.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title="No carriers found"
              description={NO_CARRIERS_MESSAGE}
            />
          ) : (
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
              {results.map((result) => (
                <CarrierResultCard
                  key={result.id}
                  result={result}
                  pallets={criteria.numberOfPallets}
                  onDetails={() => setDetailsFor(result)}
                  onBook={() => onBook(result)}
                />
              ))}
            </div>
          )}
          {results.length > 0 ? (
            <LoadMoreResults
              shown={results.length}
              total={paging.total}
              hasMore={paging.nextPage !== null}
              loading={loadingMore}
              onLoadMore={() => void onLoadMore()}
            />
          ) : null}
        </section>
      ) : null}

      <CarrierDetailsDialog
        listingId={detailsFor ? (detailsFor.listingId ?? detailsFor.id) : null}
        label={detailsFor ? detailsFor.carrierLabel || detailsFor.carrierName : ''}
        onClose={() => setDetailsFor(null)}
      />
      {bookingFor && criteria ? (
        <CreateBookingDialog
          key={bookingFor.id}
          result={bookingFor}
          criteria={criteria}
          today={today}
          onClose={() => setBookingFor(null)}
          onCreated={onCreated}
        />
      ) : null}
    </section>
  )
}
