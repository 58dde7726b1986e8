import { failed, ignitor } from './ignitor.js'
import { withRequestIds } from '#core/request_id'

ignitor({ sigint: 'always' })
  .httpServer()
  .start(withRequestIds)
  .catch(async (error) => {
    await failed(error)
    // A server that could not start (its port taken, say) exits rather than linger with its
    // database and Redis connections open: a supervisor sees the exit and starts it again.
    process.exit(1)
  })
