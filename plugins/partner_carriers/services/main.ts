import app from '@adonisjs/core/services/app'
import type { PartnerCarriersManager } from '../main.js'

let partnerCarriers: PartnerCarriersManager<any>

await app.booted(async () => {
  partnerCarriers = await app.container.make('partner_carriers.manager')
})

export { partnerCarriers as default }
