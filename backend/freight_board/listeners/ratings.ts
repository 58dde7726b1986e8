import emitter from '@adonisjs/core/services/emitter'

/** Board cards show shippers' ratings: a changed rating empties the shared pages (decision 0096). */
emitter.on('ratings:changed', async () => {
  const { boardCache } = await import('#freight_board/services/board_cache')
  boardCache.invalidate()
})
