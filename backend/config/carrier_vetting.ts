import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { defineConfig, drivers } from '#plugins/carrier_vetting/main'

/** The census file the census_file driver reads: the demo's, or the operator's own. */
export const censusFilePath =
  env.get('FMCSA_CENSUS_FILE') ?? app.makePath('database/data/fmcsa_census.json')

/**
 * Census records an operator adds on a sandbox deployment (`POST /api/admin/sandbox/census`,
 * docs/decisions/0170); read only while the payments driver is the sandbox.
 */
export const sandboxCensusDirectory =
  (env.get('PAYMENTS_DRIVER') ?? 'sandbox') === 'sandbox' ? app.tmpPath('sandbox_census') : null

export default defineConfig({
  default: env.get('CARRIER_VETTING_DRIVER') ?? 'census_file',
  list: {
    census_file: drivers.census_file({
      path: censusFilePath,
      sandboxDirectory: sandboxCensusDirectory ?? undefined,
    }),
    fmcsa: drivers.fmcsa({
      webKey: env.get('FMCSA_WEB_KEY'),
      baseUrl: env.get('FMCSA_BASE_URL'),
    }),
  },
})
