import type { ApplicationService } from '@adonisjs/core/types'
import { PaymentsManager } from './main.js'

/** Registers the payments manager built from backend/config/payments.ts. */
export default class PaymentsProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton('payments.manager', () => {
      return new PaymentsManager(this.app.config.get('payments'))
    })
  }
}

declare module '@adonisjs/core/types' {
  interface ContainerBindings {
    'payments.manager': PaymentsManager<any>
  }
}
