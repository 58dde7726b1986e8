/**
 * What the alerts module tells the rest of the app (docs/decisions/0239): a posting matched a
 * saved lane or a saved search, once per (lane, load) and (search, listing), as `alert:matched`.
 * The notification centre, which consumes it, declares the event in EventsList
 * (backend/notifications/events.ts, `kind: string`); this is the alerts module's own, narrower
 * shape of what it emits. The title names no carrier but by its anonymous label.
 */
export type AlertMatched = {
  /** the lane's or search's owner (the company's account user) */
  userId: number
  kind: 'saved_lane' | 'saved_search'
  /** the load (saved_lane) or the capacity listing (saved_search) that matched */
  subjectId: number
  title: string
  /** the app path to look at it */
  link: string
}
