import type { VettingTrigger } from '#trust/models/carrier_vetting'

/** Events the trust module emits; other modules listen in backend/start/events.ts. */
declare module '@adonisjs/core/types' {
  interface EventsList {
    /**
     * A vetting was recorded and its result is `fail` (any trigger: registration, admin,
     * re-vetting, dispatch, insurance). `reason`: the failing checks' reasons. The carrier can
     * no longer be invited to loads (docs/decisions/0158).
     */
    'carrier:vetting_failed': { carrierId: number; trigger: VettingTrigger; reason: string }
  }
}

export {}
