import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import LoadTemplateService, {
  MAX_LOAD_TEMPLATES,
} from '#freight_board/services/load_template_service'
import LoadImportService from '#freight_board/services/load_import_service'
import { exampleCsv } from '#freight_board/services/load_csv'
import {
  loadImportValidator,
  loadTemplateValidator,
  templateNameValidator,
} from '#freight_board/validators/freight_listing'

/**
 * Repeat loads (docs/decisions/0248): a shipper company's load templates and CSV imports.
 * Lists, creates and imports are the signed-in company's own (`scope: self`); LoadTemplatePolicy
 * or FreightListingPolicy has checked an id route's row.
 */
@inject()
export default class LoadTemplatesController {
  constructor(
    private templates: LoadTemplateService,
    private imports: LoadImportService
  ) {}

  /** GET /api/load-templates */
  async index({ auth }: HttpContext) {
    return { templates: await this.templates.list(auth.user!.id), limit: MAX_LOAD_TEMPLATES }
  }

  /** POST /api/load-templates */
  async store({ auth, request, response }: HttpContext) {
    const { name, form } = await request.validateUsing(loadTemplateValidator)
    return response.created(await this.templates.create(auth.user!.id, name, form))
  }

  /** POST /api/freight-listings/:id/template */
  async fromLoad({ auth, params, request, response }: HttpContext) {
    const { name } = await request.validateUsing(templateNameValidator)
    return response.created(await this.templates.fromLoad(auth.user!.id, Number(params.id), name))
  }

  /** PATCH /api/load-templates/:id */
  async rename({ params, request }: HttpContext) {
    const { name } = await request.validateUsing(templateNameValidator)
    return this.templates.rename(Number(params.id), name)
  }

  /** DELETE /api/load-templates/:id */
  async destroy({ params, response }: HttpContext) {
    await this.templates.delete(Number(params.id))
    return response.noContent()
  }

  /** GET /api/load-imports/example.csv */
  async example({ response }: HttpContext) {
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Disposition', 'attachment; filename="palletline-loads-example.csv"')
    return response.send(exampleCsv())
  }

  /** POST /api/load-imports/preview: every row checked, nothing written. */
  async preview({ auth, request }: HttpContext) {
    const { csv } = await request.validateUsing(loadImportValidator)
    return this.imports.preview(auth.user!.id, csv)
  }

  /** POST /api/load-imports: every row posted, or none. */
  async commit({ auth, request, response }: HttpContext) {
    const { csv } = await request.validateUsing(loadImportValidator)
    const user = auth.getUserOrFail()
    return response.created(await this.imports.commit({ userId: user.id, role: user.role }, csv))
  }
}
