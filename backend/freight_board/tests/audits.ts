import FreightListingAudit from '#freight_board/models/freight_listing_audit'

/** A load's audit trail as its actions, oldest first. */
export async function auditActions(listingId: number) {
  return (await FreightListingAudit.query().where('listingId', listingId).orderBy('id')).map(
    (a) => a.action
  )
}
