import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import TerminalService from '#logistics/services/terminal_service'
import DrayageMoveService from '#logistics/services/drayage_move_service'
import { terminalValidator } from '#logistics/validators/terminal'

/** The terminal list: every signed-in user reads it, admins keep it. */
@inject()
export default class TerminalsController {
  constructor(
    private terminals: TerminalService,
    private moves: DrayageMoveService
  ) {}

  /** GET /api/drayage/terminals */
  async index() {
    return this.terminals.list()
  }

  /** POST /api/admin/terminals */
  async store({ request, response }: HttpContext) {
    const input = await request.validateUsing(terminalValidator)
    return response.created(await this.terminals.create(input))
  }

  /** PUT /api/admin/terminals/:id (TerminalPolicy) */
  async update({ params, request }: HttpContext) {
    const input = await request.validateUsing(terminalValidator)
    return this.terminals.update(Number(params.id), input, (code) => this.moves.countNaming(code))
  }
}
