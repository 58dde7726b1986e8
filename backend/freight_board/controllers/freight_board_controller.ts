import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import FreightBoardService from '#freight_board/services/freight_board_service'
import { acceptsGzip, gzippedPage } from '#freight_board/services/board_cache'
import { boardQueryValidator } from '#freight_board/validators/freight_listing'

const BOARD_FILTERS = ['equipment', 'mode', 'origin_zip', 'dest_zip', 'funded', 'limit'] as const

/** The carriers' board: open loads, hold, release, claim; and the public featured loads. */
@inject()
export default class FreightBoardController {
  constructor(private board: FreightBoardService) {}

  async index({ request, response, auth }: HttpContext) {
    // Empty filters are omitted by the client; drop any that still arrive empty.
    const qs = request.qs()
    const given = BOARD_FILTERS.filter((key) => typeof qs[key] === 'string' && qs[key] !== '')
    // Every filter is optional: no filter at all (the board's usual read) is nothing to check.
    const filters =
      given.length === 0
        ? {}
        : await boardQueryValidator.validate(Object.fromEntries(given.map((key) => [key, qs[key]])))
    const board = await this.board.board(
      await this.board.carrierOf(auth.getUserOrFail().id),
      filters
    )
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

  async featured() {
    return this.board.featured()
  }

  async hold({ params, auth }: HttpContext) {
    const carrier = await this.board.carrierOf(auth.getUserOrFail().id)
    return this.board.hold(carrier, Number(params.id))
  }

  async release({ params, auth }: HttpContext) {
    const carrier = await this.board.carrierOf(auth.getUserOrFail().id)
    return this.board.release(carrier, Number(params.id))
  }

  async claim({ params, auth }: HttpContext) {
    const carrier = await this.board.carrierOf(auth.getUserOrFail().id)
    return this.board.claim(carrier, Number(params.id))
  }
}
