import { HandCoins } from 'lucide-react'
import { useSWRConfig } from 'swr'
import { LoadStates } from '@/components/load-states'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useMyOffers } from '@/features/freight-board/api/offers'
import { OfferCard } from '@/features/freight-board/components/offer-card'

/** The carrier's offers on posted loads, each with its state and, on its turn, its answers. */
export function MyOffers() {
  const query = useMyOffers()
  const { mutate } = useSWRConfig()
  const refresh = () => {
    void query.mutate()
    // An accepted offer is a booking, and the load leaves the board.
    void mutate((key) => typeof key === 'string' && key.startsWith('/api/freight-listings'))
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>My Offers</CardTitle>
        <CardDescription>
          Shippers’ counters and answers appear here as they happen.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LoadStates
          query={query}
          loadingLabel="Loading your offers"
          errorTitle="Could not load your offers"
          empty={{
            icon: HandCoins,
            title: 'No offers yet',
            description: 'Use “Make an offer” on a load that takes offers.',
          }}
        >
          {(offers) => (
            <ul className="space-y-2" aria-label="My offers">
              {offers.map((offer) => (
                <OfferCard key={offer.id} offer={offer} side="carrier" onChanged={refresh} />
              ))}
            </ul>
          )}
        </LoadStates>
      </CardContent>
    </Card>
  )
}
