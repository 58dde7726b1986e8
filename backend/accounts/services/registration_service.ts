import emitter from '@adonisjs/core/services/emitter'
import { inject } from '@adonisjs/core'
import { transaction } from '#core/transactions'
import { DateTime } from 'luxon'
import type { Infer } from '@vinejs/vine/types'
import User from '#accounts/models/user'
import { registerValidator, US_STATES, CARRIER_FIELDS_MESSAGE } from '#accounts/validators/account'
import { CURRENT_TERMS_VERSION, currentTermsHash } from '#accounts/services/terms_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import CompanyService, { companyNameFor } from '#accounts/services/company_service'
import { isUniqueViolation, validationError, type FieldError } from '#core/validation'

export type RegistrationInput = Infer<typeof registerValidator>
export type RequestMeta = { ip: string; userAgent: string | null }

const DUPLICATE_EMAIL = 'An account with this email already exists'

@inject()
export default class RegistrationService {
  constructor(
    private carrierProfiles: CarrierProfileService,
    private companies: CompanyService
  ) {}

  async register(input: RegistrationInput, meta: RequestMeta): Promise<User> {
    this.checkCarrierBlock(input)
    if (await User.query().where('email', input.email).orWhere('username', input.email).first()) {
      throw validationError([{ field: 'email', message: DUPLICATE_EMAIL, rule: 'unique' }])
    }

    let created: User
    try {
      created = await transaction(async (trx) => {
        const user = await User.create(
          {
            username: input.email,
            email: input.email,
            password: input.password,
            role: input.role,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone ?? null,
            // Shippers pay by card before anything moves, so they start approved; carriers wait for review.
            isApproved: input.role === 'shipper',
            approvalStatus: input.role === 'shipper' ? 'approved' : 'pending',
            termsAcceptedAt: DateTime.now(),
            termsVersion: CURRENT_TERMS_VERSION,
            termsIp: meta.ip,
            termsUserAgent: meta.userAgent,
            termsHash: currentTermsHash(),
          },
          { client: trx }
        )
        if (input.role === 'carrier') {
          await this.carrierProfiles.createForUser(
            user.id,
            {
              companyName: input.companyName!,
              dotNumber: input.dotNumber,
              mcNumber: input.mcNumber,
              businessAddress: input.businessAddress!,
              city: input.city!,
              state: input.state!,
              zipCode: input.zipCode!,
            },
            trx
          )
        }
        // The owner of a one-person company whose account it is (docs/decisions/0223).
        await this.companies.foundFor(
          user,
          input.role === 'carrier' ? input.companyName! : companyNameFor(user),
          trx
        )
        return user
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw validationError([{ field: 'email', message: DUPLICATE_EMAIL, rule: 'unique' }])
      }
      throw error
    }
    await emitter.emit('account:registered', { userId: created.id, role: created.role })
    return created
  }

  /** docs/spec.md §5: every carrier field is required, reported once on companyName. */
  private checkCarrierBlock(input: RegistrationInput) {
    if (input.role !== 'carrier') return
    const errors: FieldError[] = []
    const required = [
      input.companyName,
      input.businessAddress,
      input.city,
      input.state,
      input.zipCode,
    ]
    if (required.some((value) => !value)) {
      errors.push({ field: 'companyName', message: CARRIER_FIELDS_MESSAGE, rule: 'required' })
    }
    if (input.state && !(US_STATES as readonly string[]).includes(input.state)) {
      errors.push({
        field: 'state',
        message: 'State must be a two-letter US state code',
        rule: 'enum',
      })
    }
    if (input.zipCode && !/^\d{5}(-\d{4})?$/.test(input.zipCode)) {
      errors.push({ field: 'zipCode', message: 'ZIP code must have 5 digits', rule: 'regex' })
    }
    if (errors.length) throw validationError(errors)
  }
}
