import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { defineConfig, drivers } from '#plugins/carrier_vetting/main'

export default defineConfig({
  default: env.get('CARRIER_VETTING_DRIVER') ?? 'census_file',
  list: {
    // The census shipped with the demo (database/data/fmcsa_census.json), or the operator's own.
    census_file: drivers.census_file({
      path: env.get('FMCSA_CENSUS_FILE') ?? app.makePath('database/data/fmcsa_census.json'),
    }),
    fmcsa: drivers.fmcsa({
      webKey: env.get('FMCSA_WEB_KEY'),
      baseUrl: env.get('FMCSA_BASE_URL'),
    }),
  },
})
