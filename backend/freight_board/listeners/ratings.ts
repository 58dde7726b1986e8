import emitter from '@adonisjs/core/services/emitter'
import { invalidationBus } from '#core/invalidation_bus'

/**
 * Board cards show shippers' ratings: a changed rating empties the shared pages (decision 0096),
 * on every instance (decision 0148; ratings:refresh runs on one of them).
 */
emitter.on('ratings:changed', async () => {
  // The cache registers its handler when it loads.
  await import('#freight_board/services/board_cache')
  await invalidationBus.publish('freight-board')
})
