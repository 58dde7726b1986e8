import app from '@adonisjs/core/services/app'
import type { GeocodingManager } from '../main.js'

let geocoding: GeocodingManager<any>

await app.booted(async () => {
  geocoding = await app.container.make('geocoding.manager')
})

export { geocoding as default }
