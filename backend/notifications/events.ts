/** Events the notifications module listens to beyond the other modules' own (issue 36). */

/**
 * A saved lane or saved search matched a new load or listing (emitted by whoever matches them,
 * after the commit), one event per posting for all whom it matched (docs/decisions/0267). The
 * notification centre tells each recipient once per `kind` and `subjectId` (docs/decisions/
 * 0241). `link` is a path inside the app.
 */
export type AlertMatched = {
  /** the owners of the matched lanes or searches; `mailed`: the matcher mailed that one already */
  recipients: { userId: number; mailed?: boolean }[]
  /** what matched: a carrier's saved lane (a load), a shipper's saved search (a listing) */
  kind: string
  /** the load's or listing's id */
  subjectId: number
  title: string
  link: string
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'alert:matched': AlertMatched
  }
}
