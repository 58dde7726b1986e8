import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { NotFoundException } from '#core/exceptions/http_errors'
import { companyProfileValidator } from '#fleet/validators/company'

@inject()
export default class CarrierProfileController {
  constructor(private profiles: CarrierProfileService) {}

  /** The signed-in carrier's company profile (/carrier#profile). */
  async show({ auth }: HttpContext) {
    const profile = await this.profiles.findByUserId(auth.getUserOrFail().id)
    if (!profile) throw new NotFoundException('Carrier profile not found')
    return profile
  }

  /** PUT /api/carrier/profile: the company's address; identity fields stay as approved. */
  async update({ auth, request }: HttpContext) {
    const input = await request.validateUsing(companyProfileValidator)
    return this.profiles.updateForUser(auth.getUserOrFail().id, input)
  }
}
