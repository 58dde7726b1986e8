import { AuthorizationResponse, BasePolicy as BouncerPolicy } from '@adonisjs/bouncer'
import { parseBookingId } from '#core/reference'

/**
 * The signed-in user as policies see it: a company's account user, with the member whose login
 * acts for it when one does (docs/decisions/0223).
 */
export type Actor = {
  id: number
  role: string
  isApproved: boolean
  member?: { userId: number; role: string } | null
}

/** What a route hands its policy: the route's parameters and the request body. */
export type RouteTarget = { params: Record<string, unknown>; body: Record<string, unknown> }

/** The answer to a request that has no right to the record. */
export const NO_ACCESS = 'You do not have access to this resource'

/**
 * The rules every policy shares (docs/architecture.md, Authorization): who is an admin, a shipper, an
 * approved carrier, and how a refusal is answered. Someone else's record is answered like a
 * missing one (404 with the record's own message), so ids do not leak what exists; a wrong role
 * is a 403.
 */
export abstract class BasePolicy extends BouncerPolicy {
  protected isAdmin(user: Actor) {
    return user.role === 'admin'
  }

  protected isShipper(user: Actor) {
    return user.role === 'shipper'
  }

  /** A carrier may act on its company's records only once an admin approved it. */
  protected isApprovedCarrier(user: Actor) {
    return user.role === 'carrier' && user.isApproved
  }

  protected notFound(message: string) {
    return AuthorizationResponse.deny(message, 404)
  }

  protected forbidden(message = NO_ACCESS) {
    return AuthorizationResponse.deny(message, 403)
  }

  /**
   * Whether a record's owner is the actor's: `ownerId` the record's owner column (its shipper,
   * its carrier company, its user), `actorOwnerId` the same kind of id for the actor (its user
   * id, the carrier company it belongs to). False when either is missing (null, undefined or
   * an empty string): a job no carrier took yet, a carrier user with no company. Every policy
   * compares owners through this, never with `===` (docs/decisions/0161).
   */
  protected owns(
    ownerId: number | string | null | undefined,
    actorOwnerId: number | string | null | undefined
  ): boolean {
    if (ownerId === null || ownerId === undefined || ownerId === '') return false
    return ownerId === actorOwnerId
  }

  /**
   * Whether the actor reaches a carrier's work with this assigned driver: a driver member only
   * what is assigned to their own login, anyone else everything of the company
   * (docs/decisions/0237). Compared through `owns`, so unassigned work is no driver's;
   * `driverUserId` is asked only of a driver.
   */
  protected async reachesAsDriver(
    user: Actor,
    driverUserId: () => Promise<number | null | undefined> | number | null | undefined
  ): Promise<boolean> {
    if (user.member?.role !== 'driver') return true
    return this.owns(await driverUserId(), user.member.userId)
  }

  /** Allowed when `allowed`, else the 404 a missing record gets. */
  protected allowedOr404(allowed: boolean, message: string) {
    return allowed ? AuthorizationResponse.allow() : this.notFound(message)
  }

  /** A positive integer id from the route (or body), else null: the validator reports it. */
  protected idOf(source: Record<string, unknown>, name: string): number | null {
    const value = source[name]
    const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null
  }

  /** A body's booking field: the booking's number or its TRT- reference (decision 0184). */
  protected bookingIdOf(source: Record<string, unknown>, name: string): number | null {
    return parseBookingId(source[name])
  }
}
