import { failed, ignitor } from './ignitor.js'
import { withRequestIds } from '#core/request_id'

ignitor({ sigint: 'always' }).httpServer().start(withRequestIds).catch(failed)
