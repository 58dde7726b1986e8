import app from '@adonisjs/core/services/app'
import type { PaymentsManager } from '../main.js'

let payments: PaymentsManager<any>

await app.booted(async () => {
  payments = await app.container.make('payments.manager')
})

export { payments as default }
