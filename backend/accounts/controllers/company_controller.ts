import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CompanyService, { type CompanyActor } from '#accounts/services/company_service'
import DriverMembersService from '#accounts/services/driver_members'
import {
  acceptInviteValidator,
  inviteValidator,
  memberRoleValidator,
} from '#accounts/validators/company'
import { signedInPersonId } from '#accounts/services/signed_in_person'
import { mailedLinkOrigin } from '#core/public_origin'

function actorOf(auth: HttpContext['auth']): CompanyActor {
  return { accountUserId: auth.getUserOrFail().id, personId: signedInPersonId(auth) }
}

/** The company and its team (issue 35, docs/decisions/0223). */
@inject()
export default class CompanyController {
  constructor(
    private companies: CompanyService,
    private driverMembers: DriverMembersService
  ) {}

  /** GET /api/company/drivers: the carrier company's drivers (decision 0237). */
  async drivers({ auth }: HttpContext) {
    return { drivers: await this.driverMembers.drivers(auth.getUserOrFail().id) }
  }

  /** GET /api/company */
  async show({ auth }: HttpContext) {
    return this.companies.show(auth.getUserOrFail().id)
  }

  /** GET /api/company/invites */
  async invites({ auth }: HttpContext) {
    return this.companies.invites(auth.getUserOrFail().id)
  }

  /** POST /api/company/invites */
  async invite({ auth, request, response }: HttpContext) {
    const { email, role } = await request.validateUsing(inviteValidator)
    return response.created(
      await this.companies.invite(actorOf(auth), email, role, mailedLinkOrigin())
    )
  }

  /** DELETE /api/company/invites/:id */
  async withdraw({ auth, params, response }: HttpContext) {
    await this.companies.withdraw(auth.getUserOrFail().id, Number(params.id))
    return response.noContent()
  }

  /** PATCH /api/company/members/:id */
  async changeRole({ auth, params, request }: HttpContext) {
    const { role } = await request.validateUsing(memberRoleValidator)
    return this.companies.changeRole(actorOf(auth), Number(params.id), role)
  }

  /** DELETE /api/company/members/:id */
  async remove({ auth, params, response }: HttpContext) {
    await this.companies.remove(actorOf(auth), Number(params.id))
    return response.noContent()
  }

  /** GET /api/invites/:token (anyone holding the link) */
  async lookup({ params }: HttpContext) {
    return this.companies.lookup(String(params.token))
  }

  /** POST /api/invites/:token/accept */
  async accept({ params, request, response }: HttpContext) {
    const input = await request.validateUsing(acceptInviteValidator)
    return response.created(
      await this.companies.accept(String(params.token), input, {
        ip: request.ip(),
        userAgent: request.header('user-agent') ?? null,
      })
    )
  }
}
