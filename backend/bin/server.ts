import { failed, ignitor } from './ignitor.js'

ignitor({ sigint: 'always' }).httpServer().start().catch(failed)
