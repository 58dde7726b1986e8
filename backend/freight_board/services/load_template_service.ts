import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { Clock } from '#core/clock'
import { fromCents } from '#core/money'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { isUniqueViolation } from '#core/validation'
import { rowCount, transaction, writeTransaction } from '#core/transactions'
import { isoUtc, sqlTimestamp } from '#core/timestamps'
import FreightListing from '#freight_board/models/freight_listing'
import type { FreightListingForm } from '#freight_board/services/load_form'
import { LOAD_NOT_FOUND } from '#freight_board/services/freight_listing_service'

/** A company keeps at most this many load templates (docs/decisions/0248). */
export const MAX_LOAD_TEMPLATES = 100
export const TEMPLATE_NOT_FOUND = 'Template not found'
export const TEMPLATE_LIMIT = `A company keeps at most ${MAX_LOAD_TEMPLATES} load templates: delete one first`
export const TEMPLATE_NAME_TAKEN = 'A template with this name already exists'

/** The post-load form a template keeps: every field but the dates. */
export type TemplateForm = Omit<FreightListingForm, 'pickup_earliest' | 'delivery_latest'>

export type LoadTemplateShown = {
  id: number
  name: string
  form: TemplateForm
  created_at: string | null
  updated_at: string | null
}

type TemplateRow = {
  id: number
  name: string
  form: string
  created_at: unknown
  updated_at: unknown
}

function shown(row: TemplateRow): LoadTemplateShown {
  return {
    id: Number(row.id),
    name: row.name,
    form: JSON.parse(row.form) as TemplateForm,
    created_at: isoUtc(row.created_at),
    updated_at: isoUtc(row.updated_at),
  }
}

/** The form without its dates: a template never keeps when a load goes. */
function withoutDates(form: FreightListingForm): TemplateForm {
  const { pickup_earliest: _pickup, delivery_latest: _delivery, ...kept } = form
  return kept
}

/**
 * A shipper company's load templates (docs/decisions/0248): saved from the post-load form or
 * from a posted load, listed, renamed, deleted; the form posts from one. Rows belong to the
 * company's account user (decision 0223); LoadTemplatePolicy checks an id route's row.
 */
@inject()
export default class LoadTemplateService {
  constructor(private clock: Clock) {}

  async list(ownerId: number): Promise<LoadTemplateShown[]> {
    const rows = await db
      .from('load_templates')
      .where('owner_user_id', ownerId)
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .limit(MAX_LOAD_TEMPLATES)
    return rows.map(shown)
  }

  async ownerOf(id: number): Promise<number | null> {
    const row = await db.from('load_templates').where('id', id).select('owner_user_id').first()
    return row ? Number(row.owner_user_id) : null
  }

  async find(id: number): Promise<LoadTemplateShown> {
    const row = await db.from('load_templates').where('id', id).first()
    if (!row) throw new NotFoundException(TEMPLATE_NOT_FOUND)
    return shown(row)
  }

  /**
   * Saves a template under the company's limit. The count and the insert run under one write
   * lock (SQLite) or the company's advisory lock (PostgreSQL), so concurrent saves never pass
   * the limit; a name already used is a 409.
   */
  async create(ownerId: number, name: string, form: FreightListingForm) {
    const now = this.clock.now()
    try {
      const id = await writeTransaction(async (trx) => {
        if (trx.dialect.name === 'postgres') {
          await trx.rawQuery('SELECT pg_advisory_xact_lock(?, ?)', [1010, ownerId])
        }
        const counted = await trx
          .from('load_templates')
          .where('owner_user_id', ownerId)
          .count('* as n')
          .first()
        if (Number(counted?.n ?? 0) >= MAX_LOAD_TEMPLATES) {
          throw new ConflictException(TEMPLATE_LIMIT)
        }
        const stamp = sqlTimestamp(now, trx)
        const [inserted] = await trx
          .table('load_templates')
          .insert({
            owner_user_id: ownerId,
            name,
            form: JSON.stringify(withoutDates(form)),
            created_at: stamp,
            updated_at: stamp,
          })
          .returning('id')
        return Number((inserted as any)?.id ?? inserted)
      })
      return this.find(id)
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(TEMPLATE_NAME_TAKEN)
      throw error
    }
  }

  /** A posted load's form again, as the shipper would type it (FreightListingPolicy checked it). */
  async fromLoad(ownerId: number, listingId: number, name: string) {
    const load = await FreightListing.find(listingId)
    if (!load) throw new NotFoundException(LOAD_NOT_FOUND)
    const terms = await db
      .from('freight_listings')
      .where('id', listingId)
      .select('allow_offers', 'offer_floor_cents')
      .first()
    const freight = load.freightDetails
    const form: FreightListingForm = {
      origin: {
        postal: load.originPostal,
        city: load.originCity,
        state: load.originState,
        address: load.originAddress,
      },
      destination: {
        postal: load.destPostal,
        city: load.destCity,
        state: load.destState,
        address: load.destAddress,
      },
      equipment: load.equipment,
      mode: load.mode,
      pallets: load.pallets,
      weight_lbs: load.weightLbs,
      dims: load.dims,
      notes: load.notes,
      commodity: freight?.commodity ?? null,
      pieces: freight?.pieces ?? null,
      packaging: freight?.packaging ?? null,
      consignee: freight?.consignee ?? null,
      hazmat: Boolean(freight?.hazmat),
      un_number: freight?.hazmat?.unNumber ?? null,
      hazard_class: freight?.hazmat?.hazardClass ?? null,
      price: load.priceCents === null ? null : fromCents(load.priceCents),
      allow_offers: Boolean(terms?.allow_offers),
      offer_floor_cents:
        terms?.offer_floor_cents === null || terms?.offer_floor_cents === undefined
          ? null
          : Number(terms.offer_floor_cents),
    }
    return this.create(ownerId, name, form)
  }

  async rename(id: number, name: string) {
    const now = this.clock.now()
    try {
      // In a transaction of its own: a name already used fails only it (PostgreSQL).
      const updated = await transaction((trx) =>
        trx
          .from('load_templates')
          .where('id', id)
          .update({ name, updated_at: sqlTimestamp(now, trx) })
      )
      if (rowCount(updated) !== 1) throw new NotFoundException(TEMPLATE_NOT_FOUND)
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(TEMPLATE_NAME_TAKEN)
      throw error
    }
    return this.find(id)
  }

  async delete(id: number) {
    const deleted = await db.from('load_templates').where('id', id).delete()
    if (rowCount(deleted) !== 1) throw new NotFoundException(TEMPLATE_NOT_FOUND)
  }
}
