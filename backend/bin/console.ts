import { failed, ignitor } from './ignitor.js'

ignitor({ sigint: 'pm2' }).ace().handle(process.argv.splice(2)).catch(failed)
