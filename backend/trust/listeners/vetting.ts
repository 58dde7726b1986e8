/*
 * A carrier is vetted as soon as it registers, so the admin's approval card shows the result
 * beside the form. A census that cannot be read leaves no row: the admin runs it again.
 */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import VettingService from '#trust/services/vetting_service'
import { notifyAdmins } from '#core/live_notices'

emitter.on('account:registered', async ({ userId, role }) => {
  if (role !== 'carrier') return
  const carrierId = await (await app.container.make(CarrierProfileService)).findCarrierId(userId)
  if (carrierId === null) return
  await (await app.container.make(VettingService)).vet(carrierId, 'registration')
  // The approval card shows the result beside the form: the admins' screens fetch it now.
  notifyAdmins({ kind: 'carrier', id: carrierId, change: 'vetted' })
})
