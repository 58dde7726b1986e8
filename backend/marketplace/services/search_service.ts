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
    const offers = await this.findOffers(shipment, distance)
    const start = (page - 1) * perPage
    const shown = offers.slice(start, start + perPage)
    const [full, profiles] = await Promise.all([
      this.listings.byIds(shown.map((o) => o.listing.id)),
      this.identities.profiles(shown.map((o) => o.listing.carrierId)),
    ])
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

  /** Every offer for the shipment, best first. */
  private async findOffers(shipment: Shipment, distance: number): Promise<Offer[]> {
    const candidates = await this.listings.candidates(candidateQuery(shipment))
    const inRadius = candidates.filter(
      (listing) => matchShipment({ ...listing, bookedPallets: 0 }, shipment).ok
    )
    const booked = await this.bookings.bookedPallets(inRadius.map((l) => l.id))
    const offers: Offer[] = []
    for (const listing of inRadius) {
      const facts = { ...listing, bookedPallets: booked.get(listing.id) ?? 0 }
      if (!matchShipment(facts, shipment).ok) continue
      offers.push({
        listing,
        available: availablePallets(facts),
        price: priceShipment({
          pallets: shipment.pallets,
          distanceMiles: distance,
          rateCents: toCents(listing.ratePerMilePerPallet),
        }),
        deadhead: roadMiles(listing.pickup, shipment.pickup),
      })
    }
    return offers.sort(compareOffers)
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
