import geocoding from '#plugins/geocoding/services/main'
import type { Place } from '#plugins/geocoding/main'
import { validationError, type FieldError } from '#core/validation'

export type ShipmentPlaces = { pickup: Place; delivery: Place }

/** Places both addresses, or a 422 naming each field the geocoder could not place. */
export async function placeShipment(
  pickupAddress: string,
  deliveryAddress: string
): Promise<ShipmentPlaces> {
  const [pickup, delivery] = await Promise.all([
    geocoding.geocode(pickupAddress),
    geocoding.geocode(deliveryAddress),
  ])
  const errors: FieldError[] = []
  if (!pickup.ok) errors.push({ field: 'pickupAddress', message: pickup.message, rule: 'geocode' })
  if (!delivery.ok) {
    errors.push({ field: 'deliveryAddress', message: delivery.message, rule: 'geocode' })
  }
  if (!pickup.ok || !delivery.ok) throw validationError(errors)
  return { pickup: pickup.place, delivery: delivery.place }
}
