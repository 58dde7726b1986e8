import emitter from '@adonisjs/core/services/emitter'

/** Every change to a load reaches every open board at once (issue 11: no ghost loads). */
emitter.on('freight:changed', async (change) => {
  const { pushBoardChange } = await import('#freight_board/services/live_board')
  pushBoardChange(change)
})
