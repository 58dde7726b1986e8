import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export const DEFAULT_PER_PAGE = 10
export const MAX_PER_PAGE = 100
/** Who can see a carrier's identity: its paying shipper, or an admin on purpose. */
export const REVEAL_VIEWER_ROLES = ['shipper', 'admin'] as const

/** Paging of the identity reveal audit log. */
export const analyticsOverviewQueryValidator = vine.compile(
  vine.object({
    page: vine.number().withoutDecimals().min(1).optional(),
    perPage: vine.number().withoutDecimals().range([1, MAX_PER_PAGE]).optional(),
    viewerRole: vine.enum(REVEAL_VIEWER_ROLES).optional(),
  })
)
analyticsOverviewQueryValidator.messagesProvider = new SimpleMessagesProvider({
  'page.number': 'Page must be a whole number of at least 1',
  'page.withoutDecimals': 'Page must be a whole number of at least 1',
  'page.min': 'Page must be a whole number of at least 1',
  'perPage.number': `Per page must be a whole number between 1 and ${MAX_PER_PAGE}`,
  'perPage.withoutDecimals': `Per page must be a whole number between 1 and ${MAX_PER_PAGE}`,
  'perPage.range': `Per page must be a whole number between 1 and ${MAX_PER_PAGE}`,
  'viewerRole.enum': 'Viewer role must be shipper or admin',
})
