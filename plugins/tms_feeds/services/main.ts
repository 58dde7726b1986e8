import app from '@adonisjs/core/services/app'
import type { TmsFeedsManager } from '../main.js'

let tmsFeeds: TmsFeedsManager<any>

await app.booted(async () => {
  tmsFeeds = await app.container.make('tms_feeds.manager')
})

export { tmsFeeds as default }
