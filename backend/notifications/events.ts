/** Events the notifications module listens to beyond the other modules' own (issue 36). */

/**
 * A saved lane or saved search matched a new load or listing (emitted by whoever matches them,
 * after the commit). The notification centre tells `userId` once per `kind` and `subjectId`
 * (docs/decisions/0241). `link` is a path inside the app.
 */
export type AlertMatched = {
  userId: number
  /** what matched: a carrier's saved lane (a load), a shipper's saved search (a listing) */
  kind: string
  /** the load's or listing's id */
  subjectId: number
  title: string
  link: string
  /** the matcher mailed this user about it already (the saved lane's or search's own email) */
  mailed?: boolean
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'alert:matched': AlertMatched
  }
}
