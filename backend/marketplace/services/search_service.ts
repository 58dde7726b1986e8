import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import type { Place } from '#plugins/geocoding/main'
import ListingSearchService, {
  type CandidateQuery,
  type ListingCandidate,
} from '#fleet/services/listing_search_service'
import { boundingBox, roadMiles, type LatLng } from '#core/geo'
import { toCents } from '#core/money'
import type { searchValidator } from '#marketplace/validators/search'
import {
  priceShipment,
  toBreakdown,
  type PriceBreakdown,
  type PriceCents,
} from '#marketplace/services/pricing'
import {
  MAX_LISTING_RADIUS_MILES,
  availablePallets,
  longitudeDegreesPerMile,
  matchShipment,
  type Shipment,
} from '#marketplace/services/search_match'
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

/** At most this many offers are returned, cheapest first. */
export const MAX_SEARCH_RESULTS = 100
/** Candidates read from the database per round trip. */
const PAGE_SIZE = 500

type Offer = { listing: ListingCandidate; available: number; price: PriceCents; deadhead: number }

/**
 * The database prefilter for a shipment: around each end, a box that holds every listing
 * point within the largest radius allowed (the latitude span from core/geo's boundingBox;
 * the longitude span from the never-too-tight bound, which is slightly wider than the
 * box's cos-latitude estimate), and the per-row radius bounds.
 */
export function candidateQuery(shipment: Shipment, offset: number, limit: number): CandidateQuery {
  const end = (point: LatLng) => {
    const lngDegreesPerMile = longitudeDegreesPerMile(point.latitude, MAX_LISTING_RADIUS_MILES)
    const { minLat, maxLat } = boundingBox(point, MAX_LISTING_RADIUS_MILES)
    const lngSpan = lngDegreesPerMile === null ? 360 : MAX_LISTING_RADIUS_MILES * lngDegreesPerMile
    return {
      point,
      box: { minLat, maxLat, minLng: point.longitude - lngSpan, maxLng: point.longitude + lngSpan },
      lngDegreesPerMile,
    }
  }
  return {
    pickup: end(shipment.pickup),
    delivery: end(shipment.delivery),
    pallets: shipment.pallets,
    pickupDate: shipment.pickupDate,
    offset,
    limit,
  }
}

const point = (place: Place): LatLng => ({ latitude: place.latitude, longitude: place.longitude })

/**
 * Carrier search (docs/decisions/0025): the listings that can carry the shipment, priced and
 * anonymous, cheapest first. The database narrows by an indexed bounding box around the
 * pickup point (every listing radius fits in it), status, approval, date and size; the exact
 * radius check and remaining capacity follow here, a page of candidates at a time.
 */
@inject()
export default class SearchService {
  constructor(
    private listings: ListingSearchService,
    private bookings: BookingService,
    private identities: CarrierIdentityService
  ) {}

  async search(input: SearchInput): Promise<SearchResult[]> {
    const places = await placeShipment(input.pickupAddress, input.deliveryAddress)
    const shipment: Shipment = {
      pickup: point(places.pickup),
      delivery: point(places.delivery),
      pallets: input.numberOfPallets,
      pickupDate: input.pickupDate,
    }
    const distance = roadMiles(shipment.pickup, shipment.delivery)
    const offers = await this.findOffers(shipment, distance)
    const profiles = await this.identities.profiles(offers.map((o) => o.listing.carrierId))
    return offers.map((offer) =>
      this.present(offer, distance, profiles.get(offer.listing.carrierId)!)
    )
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

  private async findOffers(shipment: Shipment, distance: number): Promise<Offer[]> {
    const offers: Offer[] = []
    for (let offset = 0; offers.length < MAX_SEARCH_RESULTS; offset += PAGE_SIZE) {
      const page = await this.listings.candidates(candidateQuery(shipment, offset, PAGE_SIZE))
      const inRadius = page.filter(
        (listing) => matchShipment({ ...listing, bookedPallets: 0 }, shipment).ok
      )
      const booked = await this.bookings.bookedPallets(inRadius.map((l) => l.id))
      for (const listing of inRadius) {
        const facts = { ...listing, bookedPallets: booked.get(listing.id) ?? 0 }
        if (!matchShipment(facts, shipment).ok) continue
        const price = priceShipment({
          pallets: shipment.pallets,
          distanceMiles: distance,
          rateCents: toCents(listing.ratePerMilePerPallet),
        })
        offers.push({
          listing,
          available: availablePallets(facts),
          price,
          deadhead: roadMiles(listing.pickup, shipment.pickup),
        })
      }
      if (page.length < PAGE_SIZE) break
    }
    offers.sort(
      (a, b) =>
        a.price.totalCents - b.price.totalCents ||
        a.deadhead - b.deadhead ||
        a.listing.id - b.listing.id
    )
    return offers.slice(0, MAX_SEARCH_RESULTS)
  }

  private present(offer: Offer, distance: number, profile: CarrierProfile): SearchResult {
    const { listing, price } = offer
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
