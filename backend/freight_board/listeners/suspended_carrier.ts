import emitter from '@adonisjs/core/services/emitter'
import app from '@adonisjs/core/services/app'

async function carrierIdOf(userId: number) {
  const { default: CarrierProfileService } = await import('#fleet/services/carrier_profile_service')
  return (await app.container.make(CarrierProfileService)).findCarrierId(userId)
}

async function invites() {
  const { default: FreightInviteService } =
    await import('#freight_board/services/freight_invite_service')
  return app.container.make(FreightInviteService)
}

/** A suspended carrier's holds drop at once, so other carriers can take the loads (0116). */
emitter.on('account:suspended', async ({ userId, reason }) => {
  const carrierId = await carrierIdOf(userId)
  if (carrierId === null) return
  const { default: FreightLifecycleService } =
    await import('#freight_board/services/freight_lifecycle_service')
  const board = await app.container.make(FreightLifecycleService)
  await board.releaseHoldsOfSuspended(carrierId, reason)
})

/*
 * A carrier that can no longer take loads (suspended, rejected, its vetting failing) loses its
 * live invites at once: the loads return to every board (docs/decisions/0158).
 */
emitter.on('account:suspended', async ({ userId, reason }) => {
  const carrierId = await carrierIdOf(userId)
  if (carrierId !== null)
    await (await invites()).endInvitesOf(carrierId, 'carrier_suspended', reason)
})

emitter.on('account:rejected', async ({ userId }) => {
  const carrierId = await carrierIdOf(userId)
  if (carrierId !== null) await (await invites()).endInvitesOf(carrierId, 'carrier_rejected')
})

emitter.on('carrier:vetting_failed', async ({ carrierId, reason }) => {
  await (await invites()).endInvitesOf(carrierId, 'vetting_failed', reason || undefined)
})
