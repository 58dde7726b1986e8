/**
 * Freight board request and response shapes, from the API contract (docs/openapi.json, generated
 * into contract/api.d.ts, read through `@/types/api`), under the names the feature uses, plus the few shapes that are the
 * frontend's own (the value lists, the board's filter form, the live-update message).
 */
import type { components } from '@/types/api'

type Schemas = components['schemas']

export const EQUIPMENT = [
  'VAN',
  'REEFER',
  'FLATBED',
  'BOX',
  'SPRINTER',
] as const satisfies readonly Schemas['Equipment'][]
export const SERVICE_MODES = [
  'TL',
  'LTL',
  'EXP',
] as const satisfies readonly Schemas['FreightMode'][]

export type Equipment = Schemas['Equipment']
export type ServiceMode = Schemas['FreightMode']

export type FormPlace = Schemas['FreightPlaceInput']

/** The body of POST /api/freight-listings/recommend and POST /api/freight-listings, as the form sends it: every field. */
export type FreightListingForm = Required<Schemas['FreightListingForm']>

export type RateRecommendation = Schemas['RateRecommendation']
export type FreightListingCreated = Schemas['FreightListingCreated']
export type BoardPlace = Schemas['FreightPlace']
export type BoardLoad = Schemas['BoardLoad']
export type FeaturedLoad = Schemas['FeaturedLoad']
export type ClaimResult = Schemas['FreightClaim']
export type ShipperLoadStatus = Schemas['FreightListingStatus']
export type ShipperLoad = Schemas['ShipperLoad']
/** The card payment intent that funds a load, for its price (the same shape as a booking's). */
export type LoadFundingIntent = Schemas['PaymentIntent']
export type FreightInviteInput = Schemas['FreightInviteInput']
export type FreightInvite = Schemas['FreightInvite']
export type FreightInviteCandidate = Schemas['FreightInviteCandidate']
export type FreightInviteAccepted = Schemas['FreightInviteAccepted']
export type FreightAuditAction = Schemas['FreightListingAuditEntry']['action']
export type FreightAudit = Omit<Schemas['FreightListingAuditEntry'], 'meta'> & {
  meta: Record<string, unknown> | null
}

/** The board's filter form; GET /api/freight-listings leaves empty values out of the URL. */
export type BoardFilters = {
  equipment: Equipment | ''
  mode: ServiceMode | ''
  origin_zip: string
  dest_zip: string
  funded: boolean
}

/** [FreightLiveMessage] pushed on the `freight/board` and `freight/public` channels */
export type FreightLiveMessage = {
  type:
    | 'posted'
    | 'funded'
    | 'held'
    | 'released'
    | 'claimed'
    | 'cancelled'
    | 'reopened'
    | 'expired'
    | 'invited'
  id: number
}

/** Repeat loads (docs/decisions/0248). */
export type LoadTemplate = Schemas['LoadTemplate']
export type LoadTemplateForm = Schemas['LoadTemplateForm']
export type LoadTemplateList = Schemas['LoadTemplateList']
export type LoadImportPreview = Schemas['LoadImportPreview']
export type LoadImportRow = Schemas['LoadImportRow']
export type LoadImportPosted = Schemas['LoadImportPosted']
/** Pushed on the company's `users/:id` channel while an import is checked or posted. */
export type ImportProgressMessage = {
  kind: 'import_progress'
  phase: 'checking' | 'posting'
  done: number
  total: number
}
