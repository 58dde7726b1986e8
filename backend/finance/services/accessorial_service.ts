import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { fromCents, toCents } from '#core/money'
import Accessorial from '#finance/models/accessorial'

export type AccessorialView = { code: string; description: string; defaultPrice: number }
export const ACCESSORIAL_NOT_FOUND = 'Accessorial not found'
export const ACCESSORIAL_EXISTS = 'An accessorial with this code already exists'
/** The most accessorial codes kept; the master list is a short price list, not a catalogue. */
export const ACCESSORIALS_LIMIT = 200

const view = (row: Accessorial): AccessorialView => ({
  code: row.code,
  description: row.description,
  defaultPrice: fromCents(toCents(row.defaultPrice)),
})

/** The accessorials master (docs/decisions/0066): codes, descriptions and default prices. */
export default class AccessorialService {
  async list(): Promise<AccessorialView[]> {
    const rows = await Accessorial.query().orderBy('code', 'asc').limit(ACCESSORIALS_LIMIT)
    return rows.map(view)
  }

  /** One code's price in cents and description; a 404 naming the code when there is none. */
  async priceOf(code: string): Promise<{ code: string; description: string; unitCents: number }> {
    const row = await Accessorial.find(code)
    if (!row) throw new NotFoundException(ACCESSORIAL_NOT_FOUND)
    return { code: row.code, description: row.description, unitCents: toCents(row.defaultPrice) }
  }

  async create(input: AccessorialView): Promise<AccessorialView> {
    if (await Accessorial.find(input.code)) throw new ConflictException(ACCESSORIAL_EXISTS)
    const row = await Accessorial.create({
      code: input.code,
      description: input.description,
      defaultPrice: fromCents(toCents(input.defaultPrice)),
    })
    return view(row)
  }

  async update(code: string, input: Omit<AccessorialView, 'code'>): Promise<AccessorialView> {
    const row = await Accessorial.find(code)
    if (!row) throw new NotFoundException(ACCESSORIAL_NOT_FOUND)
    row.merge({
      description: input.description,
      defaultPrice: fromCents(toCents(input.defaultPrice)),
    })
    await row.save()
    return view(row)
  }
}
