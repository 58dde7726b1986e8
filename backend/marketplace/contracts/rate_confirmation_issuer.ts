/**
 * Issues a paid booking's rate confirmation (docs/decisions/0226). The PDF is rendered and
 * stored by the TMS (it sits above marketplace), so a read that finds a paid booking without
 * one asks through this contract and the TMS answers (bound in backend/start/bindings.ts).
 * Issuing is idempotent: a second call, or one that loses a race, changes nothing.
 */
export abstract class RateConfirmationIssuer {
  abstract issue(bookingId: number): Promise<void>
  /**
   * Issues the next revision of a booking that has one (docs/decisions/0250), with what
   * changed; `holdsPickup` is false once the pickup was reported. Two at once get distinct
   * numbers.
   */
  abstract revise(bookingId: number, reason: string, holdsPickup: boolean): Promise<void>
}
