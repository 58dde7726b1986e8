import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import {
  censusFileLists,
  cleanRecord,
  normaliseDot,
  writeSandboxRecords,
} from '#plugins/carrier_vetting/main'
import { Clock } from '#core/clock'
import { businessToday } from '#core/business_time'
import { ConflictException } from '#core/exceptions/http_errors'
import { validationError, type FieldError } from '#core/validation'
import { censusFilePath, sandboxCensusDirectory } from '#config/carrier_vetting'
import { sandboxCensusValidator } from '#admin/validators/sandbox_census'

/**
 * Census records for the carriers a sandbox's seed registers (docs/decisions/0170): the shipped
 * census holds five companies, so a second seed would have none left to vet against.
 */
@inject()
export default class SandboxCensusController {
  constructor(private clock: Clock) {}

  /** POST /api/admin/sandbox/census */
  async store({ request, response }: HttpContext) {
    const paymentsDriver = String(app.config.get('payments.default'))
    const vettingDriver = String(app.config.get('carrier_vetting.default'))
    if (paymentsDriver !== 'sandbox' || !sandboxCensusDirectory) {
      throw new ConflictException(
        `This deployment's payments driver is "${paymentsDriver}": census records can be added only on a sandbox`
      )
    }
    if (vettingDriver !== 'census_file') {
      throw new ConflictException(
        `Carriers are vetted by the "${vettingDriver}" driver, which reads no sandbox census`
      )
    }
    const { carriers } = await request.validateUsing(sandboxCensusValidator)
    const shipped = await censusFileLists(
      censusFilePath,
      carriers.map((carrier) => carrier.dotNumber)
    )
    const problems: FieldError[] = carriers.flatMap((carrier, index) => {
      const dot = normaliseDot(carrier.dotNumber)!
      if (!shipped.has(dot)) return []
      return [
        {
          field: `carriers.${index}.dotNumber`,
          message: `USDOT ${dot} is in the shipped census already`,
          rule: 'censusReserved',
        },
      ]
    })
    if (problems.length > 0) throw validationError(problems)

    const today = businessToday(this.clock)
    const filed = carriers.map((carrier) => ({
      dotNumber: normaliseDot(carrier.dotNumber)!,
      legalName: carrier.legalName,
      phone: carrier.phone,
      email: carrier.email,
    }))
    await writeSandboxRecords(
      sandboxCensusDirectory,
      filed.map((carrier) => ({
        ...cleanRecord(carrier.dotNumber, today),
        legalName: carrier.legalName.toUpperCase(),
        phone: carrier.phone,
        email: carrier.email,
      }))
    )
    response.status(201)
    return { carriers: filed }
  }
}
