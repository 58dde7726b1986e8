/**
 * What a driver's stop steps belong to (decision 0263): a booking or an expedited job, each by
 * its own id. Shared by the stop-events API and the offline queue.
 */
export type StopSubjectKind = 'booking' | 'expedited'
export type StopSubject = { kind: StopSubjectKind; id: number }
