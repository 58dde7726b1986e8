import * as React from 'react'
import { BellPlus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { paths } from '@/config/paths'
import { createSavedSearch, savedSearchesKey } from '@/features/alerts/api/saved-lanes'
import { errorText, fieldErrorsOf } from '@/features/alerts/components/saved-list-parts'
import { useSWRConfig } from 'swr'

/** How far around each address a saved search looks, and how many days past the pickup. */
export const SAVED_SEARCH_RADIUS_MILES = 50
export const SAVED_SEARCH_WINDOW_DAYS = 7

/** What Find Carriers searched for, as the button takes it. */
export type SearchToSave = {
  pickupAddress: string
  deliveryAddress: string
  numberOfPallets: number
  /** `YYYY-MM-DD` */
  pickupDate: string
}

const plusDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/**
 * "Save this search": the search just run, saved as a capacity search (within 50 miles of each
 * address, its pallets, the pickup day to a week after), so the shipper is told when a carrier
 * publishes capacity that fits (docs/decisions/0239).
 */
export function SaveSearchButton({ search }: { search: SearchToSave }) {
  const { mutate } = useSWRConfig()
  const [state, setState] = React.useState<'idle' | 'saving' | 'saved'>('idle')
  const key = JSON.stringify(search)
  React.useEffect(() => setState('idle'), [key])
  const save = async () => {
    setState('saving')
    try {
      await createSavedSearch({
        origin: {
          kind: 'radius',
          near: search.pickupAddress,
          radius_miles: SAVED_SEARCH_RADIUS_MILES,
        },
        destination: {
          kind: 'radius',
          near: search.deliveryAddress,
          radius_miles: SAVED_SEARCH_RADIUS_MILES,
        },
        equipment: null,
        pallets: search.numberOfPallets,
        date_from: search.pickupDate,
        date_to: plusDays(search.pickupDate, SAVED_SEARCH_WINDOW_DAYS),
      })
      setState('saved')
      void mutate(savedSearchesKey)
      toast({
        variant: 'success',
        title: 'Search saved',
        description: 'We will tell you when a carrier publishes capacity that fits it.',
        action: (
          <a
            className="text-sm font-medium underline"
            href={paths.shipper.getHref('saved-searches')}
          >
            Saved searches
          </a>
        ),
      })
    } catch (error) {
      setState('idle')
      const fields = Object.values(fieldErrorsOf(error))
      toast({
        variant: 'destructive',
        title: 'Could not save this search',
        description: fields.length ? fields.join(' ') : errorText(error),
      })
    }
  }
  return (
    <Button variant="outline" onClick={() => void save()} disabled={state !== 'idle'}>
      <BellPlus className="h-4 w-4" aria-hidden="true" />
      {state === 'saved' ? 'Search saved' : state === 'saving' ? 'Saving...' : 'Save this search'}
    </Button>
  )
}
