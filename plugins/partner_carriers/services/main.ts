import app from '@adonisjs/core/services/app'
import type { PartnerCarriersManager, PartnerCarrierDriverFactory } from '../main.js'

let partnerCarriers: PartnerCarriersManager<Record<string, PartnerCarrierDriverFactory>>

await app.booted(async () => {
  partnerCarriers = await app.container.make('partner_carriers.manager')
})

export { partnerCarriers as default }
