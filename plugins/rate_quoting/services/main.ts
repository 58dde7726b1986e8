import app from '@adonisjs/core/services/app'
import type { RateQuotingManager } from '../main.js'

let rateQuoting: RateQuotingManager<any>

await app.booted(async () => {
  rateQuoting = await app.container.make('rate_quoting.manager')
})

export { rateQuoting as default }
