/**
 * The demo partner's tracking status codes, in the three-letter style LTL carriers use.
 * tms_feeds reads this table to normalise them, so the two never drift apart.
 */
export const DEMO_PARTNER_CODES = {
  PUP: 'Picked up',
  DEP: 'Departed origin terminal',
  DLY: 'Delayed: weather on the route',
  ARR: 'Arrived at destination terminal',
  OFD: 'Out for delivery',
  DEL: 'Delivered',
  CAN: 'Shipment cancelled',
} as const

export type DemoPartnerCode = keyof typeof DEMO_PARTNER_CODES
