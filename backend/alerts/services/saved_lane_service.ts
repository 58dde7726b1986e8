import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import { Clock } from '#core/clock'
import { businessToday, isoDay } from '#core/business_time'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { validationError, type FieldError } from '#core/validation'
import { isoUtc, sqlTimestamp } from '#core/timestamps'
import { US_STATES } from '#core/us_states'
import { rowCount, writeTransaction } from '#core/transactions'
import geocoding from '#plugins/geocoding/services/main'
import {
  ANY_EQUIPMENT,
  MAX_SAVED_LANES,
  MAX_SAVED_SEARCHES,
  MAX_WINDOW_DAYS,
  SAVED_LANE_NOT_FOUND,
  SAVED_SEARCH_NOT_FOUND,
  laneLimitMessage,
  placeColumns,
  placeOfRow,
  radiusPlace,
  searchLimitMessage,
  statePlace,
  zip3Place,
  type StoredPlace,
} from '#alerts/lane_rules'
import type {
  createSavedLaneValidator,
  createSavedSearchValidator,
  updateSavedLaneValidator,
  updateSavedSearchValidator,
} from '#alerts/validators/saved_lane'

type PlaceInput = Infer<typeof createSavedLaneValidator>['origin']
export type LaneInput = Infer<typeof createSavedLaneValidator>
export type LaneChange = Infer<typeof updateSavedLaneValidator>
export type SearchInput = Infer<typeof createSavedSearchValidator>
export type SearchChange = Infer<typeof updateSavedSearchValidator>

export type PlaceShown = {
  kind: StoredPlace['kind']
  zip3: string | null
  state: string | null
  near: string | null
  radius_miles: number | null
  label: string
}

export type SavedLaneShown = {
  id: number
  origin: PlaceShown
  destination: PlaceShown
  equipment: string | null
  mode: string | null
  min_rate_cents_per_mile: number | null
  email: boolean
  alerts: number
  created_at: string
}

export type SavedSearchShown = {
  id: number
  origin: PlaceShown
  destination: PlaceShown
  equipment: string | null
  pallets: number
  date_from: string
  date_to: string
  email: boolean
  alerts: number
  created_at: string
}

const SIDES = [
  ['origin', 'origin'],
  ['destination', 'dest'],
] as const

function shownPlace(place: StoredPlace): PlaceShown {
  return {
    kind: place.kind,
    zip3: place.zip3,
    state: place.state,
    near: place.near,
    radius_miles: place.radiusMiles,
    label: place.label,
  }
}

const equipmentOf = (row: Record<string, any>) =>
  row.equipment_key === ANY_EQUIPMENT ? null : String(row.equipment_key)

const isoOf = (value: unknown) => isoUtc(value) ?? ''

/**
 * A carrier company's saved lanes and a shipper company's saved capacity searches
 * (docs/decisions/0239): create, list, change, delete. Rows belong to the company's account
 * user (decision 0223); the policy has checked an id route's row is the caller's.
 */
@inject()
export default class SavedLaneService {
  constructor(private clock: Clock) {}

  async lanes(ownerId: number): Promise<SavedLaneShown[]> {
    const rows = await db
      .from('saved_lanes')
      .where('owner_user_id', ownerId)
      .orderBy('id', 'desc')
      .limit(MAX_SAVED_LANES)
    return this.presentLanes(rows)
  }

  async searches(ownerId: number): Promise<SavedSearchShown[]> {
    const rows = await db
      .from('saved_searches')
      .where('owner_user_id', ownerId)
      .orderBy('id', 'desc')
      .limit(MAX_SAVED_SEARCHES)
    return this.presentSearches(rows)
  }

  /** The owner of a lane or search (the policy's question); null when there is none. */
  async ownerOf(table: 'saved_lanes' | 'saved_searches', id: number): Promise<number | null> {
    const row = await db.from(table).where('id', id).select('owner_user_id').first()
    return row ? Number(row.owner_user_id) : null
  }

  async createLane(ownerId: number, input: LaneInput): Promise<SavedLaneShown> {
    const places = await this.places(input, true)
    const now = this.clock.now()
    const id = await this.insertUnderLimit(
      'saved_lanes',
      ownerId,
      MAX_SAVED_LANES,
      laneLimitMessage,
      {
        owner_user_id: ownerId,
        ...placeColumns('origin', places.origin!),
        ...placeColumns('dest', places.dest!),
        equipment_key: input.equipment ?? ANY_EQUIPMENT,
        mode: input.mode ?? null,
        min_rate_cents_per_mile: input.min_rate_cents_per_mile ?? null,
        email: input.email ?? true,
        created_at: sqlTimestamp(now, db.connection()),
        updated_at: sqlTimestamp(now, db.connection()),
      }
    )
    return this.lane(id)
  }

  async updateLane(id: number, change: LaneChange): Promise<SavedLaneShown> {
    const places = await this.places(change, false)
    const values: Record<string, unknown> = {}
    if (places.origin) Object.assign(values, placeColumns('origin', places.origin))
    if (places.dest) Object.assign(values, placeColumns('dest', places.dest))
    if (change.equipment !== undefined) values.equipment_key = change.equipment ?? ANY_EQUIPMENT
    if (change.mode !== undefined) values.mode = change.mode
    if (change.min_rate_cents_per_mile !== undefined) {
      values.min_rate_cents_per_mile = change.min_rate_cents_per_mile
    }
    if (change.email !== undefined) values.email = change.email
    await this.update('saved_lanes', id, values, SAVED_LANE_NOT_FOUND)
    return this.lane(id)
  }

  async createSearch(ownerId: number, input: SearchInput): Promise<SavedSearchShown> {
    const places = await this.places(input, true)
    this.checkWindow(input.date_from, input.date_to)
    const now = this.clock.now()
    const id = await this.insertUnderLimit(
      'saved_searches',
      ownerId,
      MAX_SAVED_SEARCHES,
      searchLimitMessage,
      {
        owner_user_id: ownerId,
        ...placeColumns('origin', places.origin!),
        ...placeColumns('dest', places.dest!),
        equipment_key: input.equipment ?? ANY_EQUIPMENT,
        pallets: input.pallets,
        date_from: input.date_from,
        date_to: input.date_to,
        email: input.email ?? true,
        created_at: sqlTimestamp(now, db.connection()),
        updated_at: sqlTimestamp(now, db.connection()),
      }
    )
    return this.search(id)
  }

  async updateSearch(id: number, change: SearchChange): Promise<SavedSearchShown> {
    const places = await this.places(change, false)
    const row = await db.from('saved_searches').where('id', id).first()
    if (!row) throw new NotFoundException(SAVED_SEARCH_NOT_FOUND)
    const from = change.date_from ?? isoDay(row.date_from)!
    const to = change.date_to ?? isoDay(row.date_to)!
    if (change.date_from !== undefined || change.date_to !== undefined) this.checkWindow(from, to)
    const values: Record<string, unknown> = {}
    if (places.origin) Object.assign(values, placeColumns('origin', places.origin))
    if (places.dest) Object.assign(values, placeColumns('dest', places.dest))
    if (change.equipment !== undefined) values.equipment_key = change.equipment ?? ANY_EQUIPMENT
    if (change.pallets !== undefined) values.pallets = change.pallets
    if (change.date_from !== undefined) values.date_from = change.date_from
    if (change.date_to !== undefined) values.date_to = change.date_to
    if (change.email !== undefined) values.email = change.email
    await this.update('saved_searches', id, values, SAVED_SEARCH_NOT_FOUND)
    return this.search(id)
  }

  async deleteLane(id: number) {
    const deleted = await db.from('saved_lanes').where('id', id).delete()
    if (rowCount(deleted) === 0) throw new NotFoundException(SAVED_LANE_NOT_FOUND)
  }

  async deleteSearch(id: number) {
    const deleted = await db.from('saved_searches').where('id', id).delete()
    if (rowCount(deleted) === 0) throw new NotFoundException(SAVED_SEARCH_NOT_FOUND)
  }

  private async lane(id: number) {
    const row = await db.from('saved_lanes').where('id', id).first()
    if (!row) throw new NotFoundException(SAVED_LANE_NOT_FOUND)
    return (await this.presentLanes([row]))[0]
  }

  private async search(id: number) {
    const row = await db.from('saved_searches').where('id', id).first()
    if (!row) throw new NotFoundException(SAVED_SEARCH_NOT_FOUND)
    return (await this.presentSearches([row]))[0]
  }

  /**
   * Counts the owner's rows and inserts in one write transaction, so two creates at once
   * cannot both pass the limit (SQLite takes the write lock first; PostgreSQL locks the owner's
   * user row).
   */
  private async insertUnderLimit(
    table: 'saved_lanes' | 'saved_searches',
    ownerId: number,
    limit: number,
    message: string,
    row: Record<string, unknown>
  ): Promise<number> {
    return writeTransaction(async (trx) => {
      if (trx.dialect.name === 'postgres') {
        await trx.rawQuery('SELECT pg_advisory_xact_lock(?, ?)', [960, ownerId])
      }
      const counted = await trx.from(table).where('owner_user_id', ownerId).count('* as n').first()
      if (Number(counted?.n ?? 0) >= limit) throw new ConflictException(message)
      const [inserted] = await trx.table(table).insert(row).returning('id')
      return Number((inserted as any)?.id ?? inserted)
    })
  }

  private async update(
    table: 'saved_lanes' | 'saved_searches',
    id: number,
    values: Record<string, unknown>,
    notFound: string
  ) {
    const updated = await db
      .from(table)
      .where('id', id)
      .update({ ...values, updated_at: sqlTimestamp(this.clock.now(), db.connection()) })
    if (rowCount(updated) === 0) throw new NotFoundException(notFound)
  }

  /** Each side sent, checked and placed; every problem reported at once (422). */
  private async places(
    input: { origin?: PlaceInput; destination?: PlaceInput },
    required: boolean
  ) {
    const errors: FieldError[] = []
    const placed: { origin?: StoredPlace; dest?: StoredPlace } = {}
    for (const [field, side] of SIDES) {
      const sent = input[field]
      if (!sent) {
        if (required)
          errors.push({ field, message: `The ${field} field must be defined`, rule: 'required' })
        continue
      }
      const place = await this.place(field, sent, errors)
      if (place) placed[side] = place
    }
    if (errors.length) throw validationError(errors)
    return placed
  }

  private async place(field: string, sent: PlaceInput, errors: FieldError[]) {
    const missing = (name: string, message: string) => {
      errors.push({ field: `${field}.${name}`, message, rule: 'required' })
      return null
    }
    switch (sent.kind) {
      case 'zip3':
        return sent.zip3
          ? zip3Place(sent.zip3)
          : missing('zip3', 'Enter the first three digits of a ZIP code')
      case 'state':
        if (!sent.state) return missing('state', 'Choose a state')
        if (!(US_STATES as readonly string[]).includes(sent.state)) {
          errors.push({ field: `${field}.state`, message: 'Choose a US state', rule: 'enum' })
          return null
        }
        return statePlace(sent.state)
      case 'radius': {
        if (!sent.near) return missing('near', 'Enter a ZIP code or a city, state')
        if (!sent.radius_miles) return missing('radius_miles', 'Enter a radius in miles')
        const found = await geocoding.geocode(sent.near)
        if (!found.ok) {
          errors.push({ field: `${field}.near`, message: found.message, rule: 'geocode' })
          return null
        }
        return radiusPlace(sent.near, { ...found.place }, sent.radius_miles)
      }
    }
  }

  private checkWindow(from: string, to: string) {
    const errors: FieldError[] = []
    if (to < businessToday(this.clock)) {
      errors.push({
        field: 'date_to',
        message: 'The window has already ended',
        rule: 'notBeforeToday',
      })
    }
    if (to < from) {
      errors.push({
        field: 'date_to',
        message: 'The window ends before it starts',
        rule: 'afterOrEqual',
      })
    } else {
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000
      if (days > MAX_WINDOW_DAYS) {
        errors.push({
          field: 'date_to',
          message: `The window is at most ${MAX_WINDOW_DAYS} days long`,
          rule: 'maxWindow',
        })
      }
    }
    if (errors.length) throw validationError(errors)
  }

  private async alertCounts(table: string, column: string, ids: number[]) {
    if (ids.length === 0) return new Map<number, number>()
    const rows = await db
      .from(table)
      .whereIn(column, ids)
      .groupBy(column)
      .select(column)
      .count('* as n')
    return new Map(rows.map((r: any) => [Number(r[column]), Number(r.n)]))
  }

  private async presentLanes(rows: Record<string, any>[]): Promise<SavedLaneShown[]> {
    const counts = await this.alertCounts(
      'saved_lane_alerts',
      'saved_lane_id',
      rows.map((r) => Number(r.id))
    )
    return rows.map((row) => ({
      id: Number(row.id),
      origin: shownPlace(placeOfRow(row, 'origin')),
      destination: shownPlace(placeOfRow(row, 'dest')),
      equipment: equipmentOf(row),
      mode: row.mode ?? null,
      min_rate_cents_per_mile:
        row.min_rate_cents_per_mile === null ? null : Number(row.min_rate_cents_per_mile),
      email: Boolean(row.email),
      alerts: counts.get(Number(row.id)) ?? 0,
      created_at: isoOf(row.created_at),
    }))
  }

  private async presentSearches(rows: Record<string, any>[]): Promise<SavedSearchShown[]> {
    const counts = await this.alertCounts(
      'saved_search_alerts',
      'saved_search_id',
      rows.map((r) => Number(r.id))
    )
    return rows.map((row) => ({
      id: Number(row.id),
      origin: shownPlace(placeOfRow(row, 'origin')),
      destination: shownPlace(placeOfRow(row, 'dest')),
      equipment: equipmentOf(row),
      pallets: Number(row.pallets),
      date_from: isoDay(row.date_from)!,
      date_to: isoDay(row.date_to)!,
      email: Boolean(row.email),
      alerts: counts.get(Number(row.id)) ?? 0,
      created_at: isoOf(row.created_at),
    }))
  }
}
