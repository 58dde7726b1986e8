import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import PlatformFiguresService, { figuresCacheMs } from '#reviews/services/platform_figures_service'

/** GET /api/platform/figures: public, counts only (docs/decisions/0190). */
@inject()
export default class PlatformFiguresController {
  constructor(private platform: PlatformFiguresService) {}

  async show({ response }: HttpContext) {
    const seconds = Math.floor(figuresCacheMs() / 1000)
    response.header('cache-control', seconds > 0 ? `public, max-age=${seconds}` : 'no-cache')
    return this.platform.figures()
  }
}
