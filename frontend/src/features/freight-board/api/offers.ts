import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { freightListingsPath } from '@/features/freight-board/api/post-load'
import type { components } from '@/types/api'

type Schemas = components['schemas']

/** An offer on a posted load as its reader sees it (docs/decisions/0234). */
export type FreightOffer = Schemas['FreightOffer']
export type FreightOfferList = Schemas['FreightOfferList']
export type FreightOfferInput = Schemas['FreightOfferInput']
export type FreightOfferTerms = Schemas['FreightOfferTerms']
export type FreightOfferAccepted = Schemas['FreightOfferAccepted']

export const myOffersKey = '/api/carrier/freight-offers'
/** Every load's offers (`/api/freight-listings/{id}/offers`) sit under this path. */
export const offersOf = (listingId: number) => `${freightListingsPath}/${listingId}/offers`
const offerPath = (offerId: number, action: string) => `/api/freight-offers/${offerId}/${action}`

/** The longest an offer or counter stands, in hours (the server's limit). */
export const MAX_OFFER_HOURS = 24

/**
 * GET /api/freight-listings/{id}/offers: every offer on the shipper's load, or the carrier's own.
 * Kept fresh by the `offer` live notice (app/live-updates.tsx).
 */
export function useLoadOffers(listingId: number | null) {
  return useSWR<FreightOfferList>(listingId === null ? null : offersOf(listingId), (url: string) =>
    api.get<FreightOfferList>(url)
  )
}

/** GET /api/carrier/freight-offers: the carrier's own offers on every load. */
export function useMyOffers() {
  return useSWR<FreightOffer[]>(myOffersKey, (url: string) => api.get<FreightOffer[]>(url))
}

export function makeOffer(listingId: number, input: FreightOfferInput) {
  return api.post<FreightOffer>(offersOf(listingId), input)
}

export function setOfferTerms(listingId: number, terms: FreightOfferTerms) {
  return api.put<FreightOfferList>(`${freightListingsPath}/${listingId}/offer-terms`, terms)
}

export function counterOffer(offerId: number, input: FreightOfferInput) {
  return api.post<FreightOffer>(offerPath(offerId, 'counter'), input)
}

export function acceptOffer(offerId: number) {
  return api.post<FreightOfferAccepted>(offerPath(offerId, 'accept'))
}

export function declineOffer(offerId: number) {
  return api.post<FreightOffer>(offerPath(offerId, 'decline'))
}

export function withdrawOffer(offerId: number) {
  return api.post<FreightOffer>(offerPath(offerId, 'withdraw'))
}

/** Dollars as typed ("925", "925.50") to integer cents; null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null
  const [whole, frac = ''] = trimmed.split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

export const LANE_POSITION_LABELS: Record<NonNullable<FreightOffer['lane_position']>, string> = {
  below_p25: 'Below the lane’s low (p25)',
  p25_to_p50: 'Between the lane’s low and mid (p25–p50)',
  p50_to_p75: 'Between the lane’s mid and high (p50–p75)',
  above_p75: 'Above the lane’s high (p75)',
}

export const OFFER_STATUS_LABELS: Record<FreightOffer['status'], string> = {
  PENDING: 'Open',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  WITHDRAWN: 'Withdrawn',
  CLOSED: 'Closed',
  EXPIRED: 'Expired',
}
