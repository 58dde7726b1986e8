import app from '@adonisjs/core/services/app'
import type { CarrierVettingManager } from '../main.js'

let carrierVetting: CarrierVettingManager<any>

await app.booted(async () => {
  carrierVetting = await app.container.make('carrier_vetting.manager')
})

export { carrierVetting as default }
