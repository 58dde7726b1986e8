import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import FreightBoardService from '#freight_board/services/freight_board_service'
import BoardReader, { cachedBoard } from '#freight_board/services/board_reader'
import { Clock } from '#core/clock'
import { acceptsGzip, boardCache, gzippedPage } from '#freight_board/services/board_cache'
import { boardQueryValidator } from '#freight_board/validators/freight_listing'

const BOARD_FILTERS = ['equipment', 'mode', 'origin_zip', 'dest_zip', 'funded', 'limit'] as const

/**
 * GET /api/freight-listings, the board read, the busiest route: a plain route handler rather
 * than a controller action, so a request costs no controller instance and no method injection
 * (the container builds an action's whole dependency graph on every request). The page comes
 * from the shared cache when it is current (`cachedBoard`); only a miss makes the reader
 * (docs/decisions/0197, 0214).
 */
export async function readBoard({ request, response, auth, containerResolver }: HttpContext) {
  // Empty filters are omitted by the client; drop any that still arrive empty.
  const qs = request.qs()
  const given = BOARD_FILTERS.filter((key) => typeof qs[key] === 'string' && qs[key] !== '')
  // Every filter is optional: no filter at all (the board's usual read) is nothing to check.
  const filters =
    given.length === 0
      ? {}
      : await boardQueryValidator.validate(Object.fromEntries(given.map((key) => [key, qs[key]])))
  const userId = auth.getUserOrFail().id
  // A user's carrier never changes: the board cache remembers it once the service found it.
  const carrierId = boardCache.enabled ? boardCache.carrierIds.get(userId) : undefined
  const carrier =
    carrierId === undefined
      ? await (await containerResolver.make(FreightBoardService)).carrierOf(userId)
      : { userId, carrierId }
  const clock = await containerResolver.make(Clock)
  const board =
    cachedBoard(carrier, filters, clock.nowMillis()) ??
    (await (await containerResolver.make(BoardReader)).board(carrier, filters))
  if (Array.isArray(board)) return board
  // A shared page comes serialised, with a validator: a refresh that changed nothing is a
  // 304 without a body (docs/decisions/0072). Browsers revalidate it on their own.
  response.header('cache-control', 'private, no-cache')
  response.header('etag', board.etag)
  response.header('vary', 'accept-encoding')
  if (request.header('if-none-match') === board.etag) return response.notModified()
  response.header('content-type', 'application/json; charset=utf-8')
  if (!acceptsGzip(request.header('accept-encoding'))) return response.send(board.json)
  return response.header('content-encoding', 'gzip').send(gzippedPage(board))
}

/** The company member's own login acting, for the load's audit trail (decision 0246). */
function memberOf(auth: HttpContext['auth']) {
  return auth.getUserOrFail().member?.userId ?? null
}

/**
 * The carriers' board: hold, release, claim; and the public featured loads. Each action takes
 * only what it uses (method injection; docs/decisions/0197).
 */
export default class FreightBoardController {
  @inject()
  async featured(_ctx: HttpContext, reader: BoardReader) {
    return reader.featured()
  }

  @inject()
  async hold({ params, auth }: HttpContext, board: FreightBoardService) {
    const carrier = await board.carrierOf(auth.getUserOrFail().id, memberOf(auth))
    return board.hold(carrier, Number(params.id))
  }

  @inject()
  async release({ params, auth }: HttpContext, board: FreightBoardService) {
    const carrier = await board.carrierOf(auth.getUserOrFail().id, memberOf(auth))
    return board.release(carrier, Number(params.id))
  }

  @inject()
  async claim({ params, auth }: HttpContext, board: FreightBoardService) {
    const carrier = await board.carrierOf(auth.getUserOrFail().id, memberOf(auth))
    return board.claim(carrier, Number(params.id))
  }
}
