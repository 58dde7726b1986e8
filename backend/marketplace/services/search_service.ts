import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import type { Place } from '#plugins/geocoding/main'
import ListingSearchService, {
  type CandidateQuery,
  type ListingCandidate,
  type MatchCandidate,
} from '#fleet/services/listing_search_service'
import { roadMiles, type LatLng } from '#core/geo'
import { toCents } from '#core/money'
import type { searchValidator } from '#marketplace/validators/search'
import {
  priceShipment,
  toBreakdown,
  type PriceBreakdown,
  type PriceCents,
} from '#marketplace/services/pricing'
import { availablePallets, matchShipment, type Shipment } from '#marketplace/services/search_match'
import CarrierIdentityService, {
  type CarrierDetails,
  type CarrierProfile,
} from '#marketplace/services/carrier_identity_service'
import { NotFoundException } from '#core/exceptions/http_errors'
import { LISTING_NOT_FOUND } from '#fleet/services/carrier_listing_service'
import BookingService from '#marketplace/services/booking_service'
import { placeShipment } from '#marketplace/services/search_places'

export type SearchInput = Infer<typeof searchValidator>

/** One anonymous offer. Nothing in it identifies the carrier (docs/decisions/0023). */
export type SearchResult = {
  id: number
  listingId: number
  carrierName: string
  carrier_name: string
  carrierLabel: string
  carrierProfile: CarrierProfile
  equipmentType: string | null
  ratePerMilePerPallet: number
  distance_miles: number
  available_capacity: number
  maxPallets: number
  estimated_price: number
  priceBreakdown: PriceBreakdown
  pickupAddress: string
  deliveryAddress: string
  pickupCity: string | null
  pickupState: string | null
  deliveryCity: string | null
  deliveryState: string | null
  availableDate: string | null
  pickupDeadheadMiles: number
}

/** Offers per page unless the caller asks for another size (decision 0088). */
export const DEFAULT_SEARCH_PAGE_SIZE = 20
/** The largest page a caller may ask for: the old answer's cap. */
export const MAX_SEARCH_PAGE_SIZE = 100

/** One page of offers, best first, and where it stands in the whole answer. */
export type SearchPage = {
  offers: SearchResult[]
  /** every offer that matches the shipment */
  total: number
  page: number
  perPage: number
  /** the next page's number; null on the last page */
  nextPage: number | null
}

type Offer = {
  listing: MatchCandidate
  available: number
  price: PriceCents
  deadhead: number
}

/** The spatial index's question for a shipment (decision 0086). */
export function candidateQuery(shipment: Shipment): CandidateQuery {
  return {
    pickup: shipment.pickup,
    delivery: shipment.delivery,
    pallets: shipment.pallets,
    pickupDate: shipment.pickupDate,
  }
}

/** Best offers first: total price, then deadhead to the pickup, then listing id. */
export function compareOffers(
  a: { price: PriceCents; deadhead: number; listing: { id: number } },
  b: { price: PriceCents; deadhead: number; listing: { id: number } }
) {
  return (
    a.price.totalCents - b.price.totalCents ||
    a.deadhead - b.deadhead ||
    a.listing.id - b.listing.id
  )
}

/**
 * Listings read beyond the page, in case some on it are full: each full listing before or on
 * the page moves the page one listing on.
 */
const PAGE_READ_AHEAD = 5

/** The ranked offers that still have room for the shipment once bookings are counted. */
function withRoom(ranked: Offer[], booked: Map<number, number>, shipment: Shipment): Offer[] {
  const offers: Offer[] = []
  for (const offer of ranked) {
    const facts = { ...offer.listing, bookedPallets: booked.get(offer.listing.id) ?? 0 }
    if (!matchShipment(facts, shipment).ok) continue
    offers.push({ ...offer, available: availablePallets(facts) })
  }
  return offers
}

const point = (place: Place): LatLng => ({ latitude: place.latitude, longitude: place.longitude })

/**
 * Carrier search (docs/decisions/0025, 0086-0088): the listings that can carry the shipment,
 * priced and anonymous, best first, a page at a time. The spatial index finds the listings
 * whose pickup and delivery areas contain the shipment's points (with status, approval, date
 * and size in SQL); the exact radius check and remaining capacity follow here for every
 * candidate, so the total is exact; only the page's offers are read in full and profiled.
 */
@inject()
export default class SearchService {
  constructor(
    private listings: ListingSearchService,
    private bookings: BookingService,
    private identities: CarrierIdentityService
  ) {}

  async search(
    input: SearchInput,
    paging: { page?: number; perPage?: number } = {}
  ): Promise<SearchPage> {
    const page = paging.page ?? 1
    const perPage = paging.perPage ?? DEFAULT_SEARCH_PAGE_SIZE
    const places = await placeShipment(input.pickupAddress, input.deliveryAddress)
    const shipment: Shipment = {
      pickup: point(places.pickup),
      delivery: point(places.delivery),
      pallets: input.numberOfPallets,
      pickupDate: input.pickupDate,
    }
    const distance = roadMiles(shipment.pickup, shipment.delivery)
    const start = (page - 1) * perPage
    // Every listing that can reach both ends, best first, before the bookings are counted.
    const ranked = await this.rankCandidates(shipment, distance)
    // The bookings decide which of them still have room; a full listing is rare, so the page's
    // listings and carriers are read at the same time, for the page as if none were full (and
    // a few more): one wait for the database instead of two.
    const guess = ranked.slice(start, start + perPage + PAGE_READ_AHEAD)
    const [booked, full, profiles] = await Promise.all([
      this.bookings.bookedPallets(ranked.map((o) => o.listing.id)),
      this.listings.byIds(guess.map((o) => o.listing.id)),
      this.identities.profiles(guess.map((o) => o.listing.carrierId)),
    ])
    const offers = withRoom(ranked, booked, shipment)
    const shown = offers.slice(start, start + perPage)
    // More full listings than the read-ahead before or on the page: read the rest.
    const missing = shown.filter((o) => !full.has(o.listing.id))
    if (missing.length > 0) {
      const [more, moreProfiles] = await Promise.all([
        this.listings.byIds(missing.map((o) => o.listing.id)),
        this.identities.profiles(missing.map((o) => o.listing.carrierId)),
      ])
      for (const [id, listing] of more) full.set(id, listing)
      for (const [id, profile] of moreProfiles) profiles.set(id, profile)
    }
    return {
      offers: shown.map((offer) =>
        this.present(
          offer,
          full.get(offer.listing.id)!,
          distance,
          profiles.get(offer.listing.carrierId)!
        )
      ),
      total: offers.length,
      page,
      perPage,
      nextPage: start + perPage < offers.length ? page + 1 : null,
    }
  }

  /**
   * The Carrier Details dialog of a listing; ListingPolicy has already checked the listing is on
   * offer (what the shipper may see).
   */
  async carrierDetails(listingId: number): Promise<CarrierDetails> {
    const listing = await this.listings.find(listingId)
    if (!listing) throw new NotFoundException(LISTING_NOT_FOUND)
    return this.identities.details(listing.carrierId)
  }

  /**
   * Every listing whose areas hold the shipment's ends (the exact radius check), on its date
   * and size, priced and best first; the bookings are not counted yet.
   */
  private async rankCandidates(shipment: Shipment, distance: number): Promise<Offer[]> {
    const candidates = await this.listings.candidates(candidateQuery(shipment))
    const ranked: Offer[] = []
    for (const listing of candidates) {
      if (!matchShipment({ ...listing, bookedPallets: 0 }, shipment).ok) continue
      ranked.push({
        listing,
        available: listing.maxPallets,
        price: priceShipment({
          pallets: shipment.pallets,
          distanceMiles: distance,
          rateCents: toCents(listing.ratePerMilePerPallet),
        }),
        deadhead: roadMiles(listing.pickup, shipment.pickup),
      })
    }
    return ranked.sort(compareOffers)
  }

  private present(
    offer: Offer,
    listing: ListingCandidate,
    distance: number,
    profile: CarrierProfile
  ): SearchResult {
    const { price } = offer
    return {
      id: listing.id,
      listingId: listing.id,
      carrierName: profile.label,
      carrier_name: profile.label,
      carrierLabel: profile.label,
      carrierProfile: profile,
      equipmentType: listing.truckType,
      ratePerMilePerPallet: listing.ratePerMilePerPallet,
      distance_miles: distance,
      available_capacity: offer.available,
      maxPallets: listing.maxPallets,
      estimated_price: toBreakdown(price).total,
      priceBreakdown: toBreakdown(price),
      pickupAddress: listing.pickupLabel,
      deliveryAddress: listing.deliveryLabel,
      pickupCity: listing.pickupCity,
      pickupState: listing.pickupState,
      deliveryCity: listing.deliveryCity,
      deliveryState: listing.deliveryState,
      availableDate: listing.availableDate,
      pickupDeadheadMiles: offer.deadhead,
    }
  }
}
