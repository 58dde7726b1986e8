/** Events the accounts module emits; other modules listen in backend/start/events.ts. */
declare module '@adonisjs/core/types' {
  interface EventsList {
    /** after the account (and a carrier's company) is saved */
    'account:registered': { userId: number; role: string }
    'account:approved': { userId: number; reviewerId: number }
    'account:rejected': { userId: number; reviewerId: number }
    /** an approved account barred from working (a carrier's out-of-service order) */
    'account:suspended': { userId: number; reason: string }
    /** a suspended account approved again by an admin (Fleet Oversight, decision 0116) */
    'account:reinstated': { userId: number; reviewerId: number }
    /**
     * a company's team changed (decision 0223): an invite sent, withdrawn or accepted, a role
     * changed, a member removed; `accountUserId` is the company's account user
     */
    'company:changed': {
      companyId: number
      accountUserId: number
      change: 'invited' | 'withdrawn' | 'joined' | 'role_changed' | 'removed'
    }
    /** a message sent through the contact form was stored (decision 0185) */
    'contact:received': { contactMessageId: number }
  }
}

export {}
