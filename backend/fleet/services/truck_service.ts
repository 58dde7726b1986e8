import type { Infer } from '@vinejs/vine/types'
import type { truckValidator } from '#fleet/validators/truck'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Truck, { type TruckStatus, type TruckType } from '#fleet/models/truck'
import Listing from '#fleet/models/listing'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { FleetBookings } from '#fleet/contracts/fleet_bookings'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { isUniqueViolation, validationError } from '#core/validation'

/** The truck form as its validator delivers it. */
export type TruckInput = Infer<ReturnType<typeof truckValidator>>

export type TruckView = {
  id: number
  make: string | null
  model: string | null
  year: number | null
  licensePlate: string
  capacity: number
  truckType: TruckType
  status: TruckStatus
  currentLocation: string | null
  createdAt: string
  updatedAt: string | null
}

export const TRUCK_NOT_FOUND = 'Truck not found'

export type FleetSummary = { total: number; available: number; inUse: number; maintenance: number }

export const DUPLICATE_PLATE_MESSAGE = 'You already have a truck with this license plate'
export const TRUCK_IN_USE_MESSAGE =
  'This truck is used by active listings or open bookings and cannot be deleted'

/** Listing statuses that still promise the truck's space to shippers. */
const LIVE_LISTING_STATUSES = ['active', 'booked']

/** Upper bound of a fleet list. */
const FLEET_LIMIT = 500

/** "il p482731 " and "IL  P482731" are the same plate. */
export const normalizePlate = (plate: string) => plate.trim().replace(/\s+/g, ' ').toUpperCase()

export const toTruckView = (t: Truck): TruckView => ({
  id: t.id,
  make: t.make ?? null,
  model: t.model ?? null,
  year: t.year ?? null,
  licensePlate: t.licensePlate,
  capacity: t.capacity,
  truckType: t.truckType,
  status: t.status,
  currentLocation: t.currentLocation ?? null,
  createdAt: t.createdAt.toUTC().toISO()!,
  updatedAt: t.updatedAt ? t.updatedAt.toUTC().toISO() : null,
})

const duplicatePlate = () =>
  validationError([{ field: 'licensePlate', message: DUPLICATE_PLATE_MESSAGE, rule: 'unique' }])

/** A carrier's fleet: its trucks, each owned by exactly one carrier. */
@inject()
export default class TruckService {
  constructor(
    private carriers: CarrierProfileService,
    private bookings: FleetBookings
  ) {}

  async list(userId: number): Promise<TruckView[]> {
    const carrierId = await this.carriers.requireCarrierId(userId)
    const trucks = await Truck.query()
      .where('carrierId', carrierId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(FLEET_LIMIT)
    return trucks.map(toTruckView)
  }

  async create(userId: number, input: TruckInput): Promise<TruckView> {
    const carrierId = await this.carriers.requireCarrierId(userId)
    const licensePlate = normalizePlate(input.licensePlate)
    await this.assertPlateFree(carrierId, licensePlate)
    try {
      const truck = await Truck.create({
        carrierId,
        make: input.make,
        model: input.model,
        year: input.year,
        licensePlate,
        capacity: input.capacity,
        truckType: input.truckType ?? 'dry_van',
        // A new truck is available; its status is managed from the edit form.
        status: 'available',
      })
      return toTruckView(truck)
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicatePlate()
      throw error
    }
  }

  /** Edits a truck; TruckPolicy has already checked it is the carrier's own. */
  async update(truckId: number, input: TruckInput): Promise<TruckView> {
    const truck = await this.find(truckId)
    const licensePlate = normalizePlate(input.licensePlate)
    if (licensePlate !== truck.licensePlate) {
      await this.assertPlateFree(truck.carrierId, licensePlate, truck.id)
    }
    truck.merge({
      make: input.make,
      model: input.model,
      year: input.year,
      licensePlate,
      capacity: input.capacity,
      ...(input.truckType ? { truckType: input.truckType } : {}),
      ...(input.status ? { status: input.status } : {}),
    })
    try {
      await truck.save()
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicatePlate()
      throw error
    }
    return toTruckView(truck)
  }

  /**
   * Deletes a truck nothing depends on any more. A truck behind an active or booked listing,
   * or carrying a booking that is not delivered or cancelled, stays (409). Past listings and
   * bookings keep their history with the truck reference cleared. TruckPolicy has already
   * checked it is the carrier's own.
   */
  async destroy(truckId: number): Promise<void> {
    const truck = await this.find(truckId)
    const [liveListings, openBookings] = await Promise.all([
      Listing.query()
        .where('carrierId', truck.carrierId)
        .where('truckId', truck.id)
        .whereIn('status', LIVE_LISTING_STATUSES)
        .count('* as total'),
      this.bookings.openBookingsOnTruck(truck.id),
    ])
    if (Number(liveListings[0].$extras.total) > 0 || openBookings > 0) {
      throw new ConflictException(TRUCK_IN_USE_MESSAGE)
    }
    await truck.delete()
  }

  /** How many trucks the carrier has in each status. */
  async summary(carrierId: number): Promise<FleetSummary> {
    const rows = await db
      .from('trucks')
      .where('carrier_id', carrierId)
      .groupBy('status')
      .select('status')
      .count('* as total')
    const count = (status: TruckStatus) => Number(rows.find((r) => r.status === status)?.total ?? 0)
    const available = count('available')
    const inUse = count('in_use')
    const maintenance = count('maintenance')
    return {
      total: rows.reduce((sum, r) => sum + Number(r.total), 0),
      available,
      inUse,
      maintenance,
    }
  }

  private async find(truckId: number) {
    const truck = await Truck.find(truckId)
    if (!truck) throw new NotFoundException(TRUCK_NOT_FOUND)
    return truck
  }

  private async assertPlateFree(carrierId: number, licensePlate: string, exceptId?: number) {
    const query = Truck.query()
      .where('carrierId', carrierId)
      .where('licensePlate', licensePlate)
      .select('id')
    if (exceptId) query.whereNot('id', exceptId)
    if (await query.first()) throw duplicatePlate()
  }
}
