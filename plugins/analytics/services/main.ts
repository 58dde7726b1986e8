import app from '@adonisjs/core/services/app'
import type { AnalyticsManager } from '../main.js'

let analytics: AnalyticsManager<any>

await app.booted(async () => {
  analytics = await app.container.make('analytics.manager')
})

export { analytics as default }
