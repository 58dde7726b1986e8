import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** Why a code cannot be asked for at booking; null when it can. */
export type AccessorialRefusal = { code: string; message: string }

/**
 * Accessorials a shipper asks for when booking (liftgate, residential, appointment...). The
 * price list and the charges are finance's (it sits above marketplace), so the booking asks
 * through this contract and finance answers (bound in backend/start/bindings.ts;
 * docs/decisions/0131).
 */
export abstract class BookingAccessorials {
  /** The codes that cannot be asked for at booking (unknown, or billed otherwise), with why. */
  abstract refusals(codes: string[]): Promise<AccessorialRefusal[]>

  /** Records the asked-for codes on the new booking, priced from the list, in its transaction. */
  abstract request(
    bookingId: number,
    shipperId: number,
    codes: string[],
    at: DateTime,
    client: TransactionClientContract
  ): Promise<void>
}
