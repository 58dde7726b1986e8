/* A carrier's status change in the app becomes the shipment's milestones (after the commit). */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import TrackingService from '#tms/services/tracking_service'

emitter.on('booking:status_changed', async (change) => {
  await (await app.container.make(TrackingService)).recordStatusChange(change)
})
