/**
 * What the alerts module tells the rest of the app (docs/decisions/0239): a posting matched
 * saved lanes or saved searches, once per (lane, load) and (search, listing), as one
 * `alert:matched` per posting naming every owner it alerted (docs/decisions/0267).
 * The notification centre, which consumes it, declares the event in EventsList
 * (backend/notifications/events.ts, `kind: string`); this is the alerts module's own, narrower
 * shape of what it emits. The title names no carrier but by its anonymous label.
 */
export type AlertMatched = {
  /** the lanes' or searches' owners (the companies' account users), each once; `mailed`: mailed by the matcher */
  recipients: { userId: number; mailed: boolean }[]
  kind: 'saved_lane' | 'saved_search'
  /** the load (saved_lane) or the capacity listing (saved_search) that matched */
  subjectId: number
  title: string
  /** the app path to look at it */
  link: string
}
