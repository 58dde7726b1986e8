import vine from '@vinejs/vine'
import { US_STATES } from '#core/us_states'
import { EQUIPMENT, MODES } from '#freight_board/validators/freight_listing'
import { calendarDay } from '#marketplace/validators/search'
import {
  MAX_RADIUS_MILES,
  MAX_RATE_CENTS_PER_MILE,
  MIN_RADIUS_MILES,
  PLACE_KINDS,
} from '#alerts/lane_rules'

/**
 * One side of a lane: its kind and the field that kind needs (`zip3`, `state`, or `near` with
 * `radius_miles`); the service reports a missing one under the side's name
 * (`origin.zip3`, ...), and geocodes `near`.
 */
const place = () =>
  vine.object({
    kind: vine.enum(PLACE_KINDS),
    zip3: vine
      .string()
      .trim()
      .regex(/^\d{3}$/)
      .nullable()
      .optional(),
    state: vine
      .string()
      .trim()
      .toUpperCase()
      .in([...US_STATES])
      .nullable()
      .optional(),
    near: vine.string().trim().minLength(1).maxLength(100).nullable().optional(),
    radius_miles: vine
      .number()
      .withoutDecimals()
      .range([MIN_RADIUS_MILES, MAX_RADIUS_MILES])
      .nullable()
      .optional(),
  })

const equipment = () => vine.enum(EQUIPMENT).nullable().optional()
const email = () => vine.boolean({ strict: true }).optional()

const laneFields = () => ({
  mode: vine.enum(MODES).nullable().optional(),
  min_rate_cents_per_mile: vine
    .number()
    .withoutDecimals()
    .range([0, MAX_RATE_CENTS_PER_MILE])
    .nullable()
    .optional(),
})

/** POST /api/saved-lanes */
export const createSavedLaneValidator = vine.compile(
  vine.object({
    origin: place(),
    destination: place(),
    equipment: equipment(),
    ...laneFields(),
    email: email(),
  })
)

/** PATCH /api/saved-lanes/{id}: any of the fields; a side sent replaces that side whole. */
export const updateSavedLaneValidator = vine.compile(
  vine.object({
    origin: place().optional(),
    destination: place().optional(),
    equipment: equipment(),
    ...laneFields(),
    email: email(),
  })
)

const searchFields = () => ({
  pallets: vine.number().withoutDecimals().range([1, 100]),
  date_from: vine.string().trim().use(calendarDay()),
  date_to: vine.string().trim().use(calendarDay()),
})

/** POST /api/saved-searches */
export const createSavedSearchValidator = vine.compile(
  vine.object({
    origin: place(),
    destination: place(),
    equipment: equipment(),
    ...searchFields(),
    email: email(),
  })
)

/** PATCH /api/saved-searches/{id} */
export const updateSavedSearchValidator = vine.compile(
  vine.object({
    origin: place().optional(),
    destination: place().optional(),
    equipment: equipment(),
    pallets: searchFields().pallets.optional(),
    date_from: searchFields().date_from.optional(),
    date_to: searchFields().date_to.optional(),
    email: email(),
  })
)
