/*
 * Freight board routes: the shipper posts loads at a recommended price; approved carriers see
 * the open loads, hold and claim them; visitors see a few on /overview.
 */
import router from '@adonisjs/core/services/router'
import type { HttpContext } from '@adonisjs/core/http'
import { middleware } from '#start/kernel'

const FreightListingsController = () =>
  import('#freight_board/controllers/freight_listings_controller')
const FreightBoardController = () => import('#freight_board/controllers/freight_board_controller')
const FreightInvitesController = () =>
  import('#freight_board/controllers/freight_invites_controller')
const FreightListingPolicy = () => import('#freight_board/policies/freight_listing_policy')
/** The board read, a plain handler (see `readBoard`), imported on its first request. */
let boardHandler: Promise<(ctx: HttpContext) => unknown> | undefined
const readBoard = async (ctx: HttpContext) =>
  (
    await (boardHandler ??= import('#freight_board/controllers/freight_board_controller').then(
      (module) => module.readBoard
    ))
  )(ctx)
const id = router.matchers.number()
const grab = middleware.authorize({ policy: FreightListingPolicy, action: 'grab' })
const asShipper = middleware.authorize({ policy: FreightListingPolicy, action: 'manageAsShipper' })

router.get('/api/freight-listings/featured', [FreightBoardController, 'featured'])

router
  .group(() => {
    router.post('/freight-listings/recommend', [FreightListingsController, 'recommend'])
    router
      .post('/freight-listings', [FreightListingsController, 'store'])
      .use(middleware.idempotent())
    router.get('/shipper/freight-listings', [FreightListingsController, 'index'])
    router
      .post('/freight-listings/:id/cancel', [FreightListingsController, 'cancel'])
      .where('id', id)
      .use(asShipper)
    router
      .post('/freight-listings/:id/fund', [FreightListingsController, 'fund'])
      .where('id', id)
      .use([asShipper, middleware.idempotent()])
    router
      .post('/freight-listings/:id/invites', [FreightInvitesController, 'store'])
      .where('id', id)
      .use(asShipper)
    router
      .get('/shipper/freight-listings/:id/invite-candidates', [
        FreightInvitesController,
        'candidates',
      ])
      .where('id', id)
      .use(asShipper)
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper'] })])

router
  .group(() => {
    router.get('/freight-listings', (ctx) => readBoard(ctx))
    router
      .post('/freight-listings/:id/hold', [FreightBoardController, 'hold'])
      .where('id', id)
      .use(grab)
    router
      .delete('/freight-listings/:id/hold', [FreightBoardController, 'release'])
      .where('id', id)
      .use(grab)
    router
      .post('/freight-listings/:id/claim', [FreightBoardController, 'claim'])
      .where('id', id)
      .use(grab)
    router
      .post('/freight-listings/invites/:token/accept', [FreightInvitesController, 'accept'])
      .use(middleware.authorize({ policy: FreightListingPolicy, action: 'acceptInvite' }))
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] })])

router
  .get('/api/freight-listings/:id/audits', [FreightListingsController, 'audits'])
  .where('id', id)
  .use([
    middleware.auth(),
    middleware.role({ roles: ['shipper', 'carrier'] }),
    middleware.authorize({ policy: FreightListingPolicy, action: 'viewAudits' }),
  ])

/*
 * Offers on posted loads (docs/decisions/0234): a carrier offers on a load it sees, the load's
 * shipper sets its terms, and the two answer each other's offers and counters.
 */
const FreightOffersController = () => import('#freight_board/controllers/freight_offers_controller')
const FreightOfferPolicy = () => import('#freight_board/policies/freight_offer_policy')
const offerId = router.matchers.number()
const respond = middleware.authorize({ policy: FreightOfferPolicy, action: 'respond' })

router
  .put('/api/freight-listings/:id/offer-terms', [FreightOffersController, 'terms'])
  .where('id', id)
  .use([middleware.auth(), middleware.role({ roles: ['shipper'] }), asShipper])

router
  .group(() => {
    router
      .post('/freight-listings/:id/offers', [FreightOffersController, 'store'])
      .where('id', id)
      .use(grab)
    router.get('/carrier/freight-offers', [FreightOffersController, 'mine'])
    router
      .post('/freight-offers/:offerId/withdraw', [FreightOffersController, 'withdraw'])
      .where('offerId', offerId)
      .use(middleware.authorize({ policy: FreightOfferPolicy, action: 'withdraw' }))
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] })])

router
  .group(() => {
    router
      .get('/freight-listings/:id/offers', [FreightOffersController, 'index'])
      .where('id', id)
      .use(middleware.authorize({ policy: FreightOfferPolicy, action: 'viewOffers' }))
    for (const action of ['counter', 'accept', 'decline'] as const) {
      router
        .post(`/freight-offers/:offerId/${action}`, [FreightOffersController, action])
        .where('offerId', offerId)
        .use(respond)
    }
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper', 'carrier'] })])

/*
 * Repeat loads (docs/decisions/0248): a shipper company's load templates, and many loads posted
 * from one CSV (a preview that writes nothing, then a commit of every row or none).
 */
const LoadTemplatesController = () => import('#freight_board/controllers/load_templates_controller')
const LoadTemplatePolicy = () => import('#freight_board/policies/load_template_policy')
const template = middleware.authorize({ policy: LoadTemplatePolicy, action: 'manage' })

router
  .group(() => {
    router.get('/load-templates', [LoadTemplatesController, 'index'])
    router.post('/load-templates', [LoadTemplatesController, 'store'])
    router
      .patch('/load-templates/:id', [LoadTemplatesController, 'rename'])
      .where('id', id)
      .use(template)
    router
      .delete('/load-templates/:id', [LoadTemplatesController, 'destroy'])
      .where('id', id)
      .use(template)
    router
      .post('/freight-listings/:id/template', [LoadTemplatesController, 'fromLoad'])
      .where('id', id)
      .use(asShipper)
    router.get('/load-imports/example.csv', [LoadTemplatesController, 'example'])
    router.post('/load-imports/preview', [LoadTemplatesController, 'preview'])
    router.post('/load-imports', [LoadTemplatesController, 'commit']).use(middleware.idempotent())
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper'] })])
