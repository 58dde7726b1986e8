import emitter from '@adonisjs/core/services/emitter'
import app from '@adonisjs/core/services/app'

/** A suspended carrier's holds drop at once, so other carriers can take the loads (0116). */
emitter.on('account:suspended', async ({ userId, reason }) => {
  const { default: CarrierProfileService } = await import('#fleet/services/carrier_profile_service')
  const carrierId = await (await app.container.make(CarrierProfileService)).findCarrierId(userId)
  if (carrierId === null) return
  const { default: FreightLifecycleService } =
    await import('#freight_board/services/freight_lifecycle_service')
  const board = await app.container.make(FreightLifecycleService)
  await board.releaseHoldsOfSuspended(carrierId, reason)
})
