import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { parseBookingReference } from '#core/reference'
import { parseCalendarDate } from '#core/business_time'
import { MAX_PER_PAGE, REVEAL_VIEWER_ROLES } from '#admin/validators/analytics'

/** Larger ids cannot exist (32-bit integer keys on PostgreSQL). */
export const MAX_ID = 2_147_483_647
export const REVEALS_PER_PAGE = 20
export const PAYOUT_STATES = ['pending', 'released', 'held', 'paid', 'failed'] as const
export type PayoutState = (typeof PAYOUT_STATES)[number]
/** What a payout pays for (docs/decisions/0206). */
export const PAYOUT_KINDS = ['booking', 'expedited'] as const

/** A booking named by its id (`42`) or its TRT- reference (`TRT-042`); null when it is neither. */
export function parseBookingKey(value: string): number | null {
  const text = value.trim()
  const id = /^\d{1,10}$/.test(text) ? Number(text) : parseBookingReference(text)
  return id !== null && id >= 1 && id <= MAX_ID ? id : null
}

const bookingKey = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string' || parseBookingKey(value) === null) {
    field.report('Booking must be a booking id or a TRT- reference', 'bookingKey', field)
  }
})

/** `YYYY-MM-DD` (or an ISO date-time, read as its business day), normalised to `YYYY-MM-DD`. */
const businessDay = vine.createRule((value, _options, field) => {
  const day = typeof value === 'string' ? parseCalendarDate(value) : null
  if (day === null) {
    field.report(
      `${field.name === 'from' ? 'From' : 'To'} must be a date (YYYY-MM-DD)`,
      'date',
      field
    )
    return
  }
  field.mutate(day, field)
})

const pageMessages = {
  'page.number': 'Page must be a whole number from 1',
  'page.withoutDecimals': 'Page must be a whole number from 1',
  'page.range': 'Page must be a whole number from 1',
}

/** GET /api/admin/reveals: the identity reveal log, filtered. */
export const revealLogValidator = vine.compile(
  vine.object({
    booking: vine.string().use(bookingKey()).optional(),
    viewerId: vine.number().withoutDecimals().range([1, MAX_ID]).optional(),
    viewerRole: vine.enum(REVEAL_VIEWER_ROLES).optional(),
    from: vine.string().use(businessDay()).optional(),
    to: vine.string().use(businessDay()).optional(),
    page: vine.number().withoutDecimals().range([1, 100000]).optional(),
    perPage: vine.number().withoutDecimals().range([1, MAX_PER_PAGE]).optional(),
  })
)
revealLogValidator.messagesProvider = new SimpleMessagesProvider({
  ...pageMessages,
  'booking.string': 'Booking must be a booking id or a TRT- reference',
  'viewerId.number': 'Viewer must be a user id',
  'viewerId.withoutDecimals': 'Viewer must be a user id',
  'viewerId.range': 'Viewer must be a user id',
  'viewerRole.enum': 'Viewer role must be shipper or admin',
  'from.string': 'From must be a date (YYYY-MM-DD)',
  'to.string': 'To must be a date (YYYY-MM-DD)',
  'perPage.number': `Per page must be a whole number between 1 and ${MAX_PER_PAGE}`,
  'perPage.withoutDecimals': `Per page must be a whole number between 1 and ${MAX_PER_PAGE}`,
  'perPage.range': `Per page must be a whole number between 1 and ${MAX_PER_PAGE}`,
})

/** GET /api/admin/payouts: every payout, by state or booking. */
export const payoutListValidator = vine.compile(
  vine.object({
    kind: vine.enum(PAYOUT_KINDS).optional(),
    state: vine.enum(PAYOUT_STATES).optional(),
    booking: vine.string().use(bookingKey()).optional(),
    page: vine.number().withoutDecimals().range([1, 100000]).optional(),
  })
)
payoutListValidator.messagesProvider = new SimpleMessagesProvider({
  ...pageMessages,
  'kind.enum': 'Kind must be booking or expedited',
  'state.enum': 'State must be pending, released, held, paid or failed',
  'booking.string': 'Booking must be a booking id or a TRT- reference',
})

/** Query-string values with empty parameters (`?page=`) dropped: they mean the default. */
export function presentParams(qs: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(qs).filter(([, value]) => value !== ''))
}

/** GET /api/admin/freight-listings: every load, by status or held now. */
export const freightOversightValidator = vine.compile(
  vine.object({
    status: vine.enum(['OPEN', 'CLAIMED', 'CANCELLED', 'EXPIRED'] as const).optional(),
    held: vine.boolean().optional(),
    page: vine.number().withoutDecimals().range([1, 100000]).optional(),
  })
)
freightOversightValidator.messagesProvider = new SimpleMessagesProvider({
  ...pageMessages,
  'status.enum': 'Status must be OPEN, CLAIMED, CANCELLED or EXPIRED',
  'held.boolean': 'Held must be true or false',
})
