import StopEvent from '#tms/models/stop_event'

/**
 * What a booking's invoice notes about its delivery (docs/decisions/0243): each exception the
 * driver recorded at the delivery, "Delivered with an exception (damage): two pallets crushed".
 */
export async function deliveryNotes(bookingId: number): Promise<string[]> {
  const exceptions = await StopEvent.query()
    .where({ bookingId, type: 'exception' })
    .orderBy('id', 'asc')
  return exceptions.map((e) =>
    `Delivered with an exception (${e.exceptionKind}): ${e.exceptionNote ?? ''}`.trim()
  )
}
