import * as React from 'react'
import { useSWRConfig } from 'swr'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { fieldErrorsOf, serverMessageOf } from '@/lib/api-errors'
import { formatCurrency } from '@/lib/format'
import { dollarsToCents, setOfferTerms, useLoadOffers } from '@/features/freight-board/api/offers'
import { shipperLoadsKey } from '@/features/freight-board/api/get-shipper-loads'
import { OfferCard } from '@/features/freight-board/components/offer-card'

const dollars = (cents: number) => formatCurrency(cents / 100)

/**
 * An open load's offers on My Posted Loads (docs/decisions/0234): whether it takes offers and
 * the floor no carrier sees, the lane's p25/p50/p75, and each carrier's offer by its anonymous
 * label with Accept (asked first), Decline and Counter.
 */
export function ShipperOffersPanel({ listingId }: { listingId: number }) {
  const query = useLoadOffers(listingId)
  const { mutate: mutateGlobal } = useSWRConfig()
  const [floor, setFloor] = React.useState<string | null>(null)
  const [error, setError] = React.useState<string | undefined>()
  const [saving, setSaving] = React.useState(false)
  const data = query.data
  const refresh = () => {
    void query.mutate()
    void mutateGlobal(shipperLoadsKey)
  }

  const save = async (allow: boolean) => {
    const text = floor ?? (data?.floor_cents ? (data.floor_cents / 100).toFixed(2) : '')
    const cents = text.trim() === '' ? null : dollarsToCents(text)
    if (allow && text.trim() !== '' && (cents === null || cents < 1)) {
      setError('Enter the floor in dollars, such as 850, or leave it empty')
      return
    }
    setSaving(true)
    setError(undefined)
    try {
      await query.mutate(setOfferTerms(listingId, { allow_offers: allow, floor_cents: cents }), {
        revalidate: false,
      })
      setFloor(null)
      toast({ title: allow ? 'Offers are on for this load' : 'Offers are off for this load' })
    } catch (e) {
      setError(fieldErrorsOf(e).floor_cents ?? serverMessageOf(e) ?? 'Could not save the terms')
    } finally {
      setSaving(false)
    }
  }

  if (query.error && !data) {
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        Could not load the offers on listing #{listingId}.{' '}
        <button type="button" className="underline" onClick={() => void query.mutate()}>
          Try again
        </button>
      </p>
    )
  }
  if (!data) {
    return (
      <p role="status" className="mt-3 text-sm text-slate-600">
        Loading offers...
      </p>
    )
  }
  const pending = data.offers.filter((o) => o.status === 'PENDING')
  const rest = data.offers.filter((o) => o.status !== 'PENDING')
  return (
    <section
      aria-label={`Offers on listing #${listingId}`}
      className="mt-3 space-y-3 rounded-md bg-slate-50 p-3"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">Offers</h3>
          <p className="text-sm text-slate-600">
            {data.allow_offers
              ? `Carriers may offer below your price. ${data.floor_cents ? `Offers under your floor of ${dollars(data.floor_cents)} are declined for you; carriers never see it.` : 'No floor set.'}`
              : 'Off: carriers can only claim at your price.'}
          </p>
          {data.lane_range ? (
            <p className="text-xs text-slate-600">
              Lane range: p25 {dollars(data.lane_range.p25)} · p50 {dollars(data.lane_range.p50)} ·
              p75 {dollars(data.lane_range.p75)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            id={`floor-${listingId}`}
            label="Floor (USD, optional)"
            inputMode="decimal"
            containerClassName="w-40"
            value={floor ?? (data.floor_cents ? (data.floor_cents / 100).toFixed(2) : '')}
            error={error}
            onChange={(e) => setFloor(e.target.value)}
          />
          <Button size="sm" variant="outline" disabled={saving} onClick={() => void save(true)}>
            {data.allow_offers ? 'Save floor' : 'Take offers'}
          </Button>
          {data.allow_offers ? (
            <Button size="sm" variant="ghost" disabled={saving} onClick={() => void save(false)}>
              Stop offers
            </Button>
          ) : null}
        </div>
      </div>
      {data.offers.length === 0 ? (
        data.allow_offers ? (
          <p className="text-sm text-slate-600">No offers yet. New ones appear here at once.</p>
        ) : null
      ) : (
        <ul className="space-y-2" aria-label={`Offers on listing #${listingId}`}>
          {[...pending, ...rest].map((offer) => (
            <OfferCard key={offer.id} offer={offer} side="shipper" onChanged={refresh} />
          ))}
        </ul>
      )}
    </section>
  )
}
