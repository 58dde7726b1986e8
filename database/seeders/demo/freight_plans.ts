/*
 * The demo's freight-board loads, planned like the rest of its year (plans.ts): only what a
 * shipper types in or a carrier decides; prices are the shipper's own, the rest comes from the
 * product's services when the seeder replays them.
 */

/**
 * Freight-board loads (docs/spec.md §§2, 3 and 7): posted by a shipper from ZIP to ZIP at a price,
 * then claimed by a carrier and paid (the claimed, paid loads are the lane history the rate
 * recommendation reads: Chicago 60601 to Detroit 48201 has enough for `lane_history`), held
 * for a few minutes, or still open today.
 */
export type FreightLoadPlan = {
  shipper: number
  from: string
  to: string
  equipment: 'VAN' | 'REEFER' | 'FLATBED' | 'BOX' | 'SPRINTER'
  mode: 'TL' | 'LTL' | 'EXP'
  pallets: number
  weightLbs: number
  price: number
  postedDaysAgo: number
  /** index into APPROVED_CARRIERS */
  carrier?: number
  fate: 'delivered' | 'claimed' | 'held' | 'open'
  /** the shipper pays for it by card right after posting (docs/decisions/0069) */
  funded?: boolean
  notes?: string
  /** what the freight is; an LTL load must say (docs/decisions/0228) */
  commodity?: string
  pieces?: number
}

const chicagoDetroit = (
  postedDaysAgo: number,
  pallets: number,
  price: number,
  carrier: number,
  shipper = 0
): FreightLoadPlan => ({
  shipper,
  from: '60601',
  to: '48201',
  equipment: 'VAN',
  mode: 'TL',
  pallets,
  weightLbs: pallets * 900,
  price,
  postedDaysAgo,
  carrier,
  fate: 'delivered',
})

export const FREIGHT_LOADS: FreightLoadPlan[] = [
  // Twelve delivered Chicago-Detroit van loads over four months: $0.62-0.81 per pallet-mile.
  chicagoDetroit(120, 10, 1980, 0),
  chicagoDetroit(110, 6, 1260, 1, 1),
  chicagoDetroit(100, 12, 2480, 2),
  chicagoDetroit(92, 8, 1650, 0, 2),
  chicagoDetroit(85, 14, 2720, 1),
  chicagoDetroit(77, 4, 905, 2, 1),
  chicagoDetroit(70, 10, 2150, 0),
  chicagoDetroit(61, 18, 3460, 1, 2),
  chicagoDetroit(52, 6, 1340, 2),
  chicagoDetroit(44, 9, 1890, 0, 1),
  chicagoDetroit(35, 16, 3150, 1),
  chicagoDetroit(26, 7, 1510, 2, 2),
  {
    ...chicagoDetroit(1, 6, 1320, 0),
    fate: 'claimed',
    funded: true,
    notes: 'Dock 7, call 30 minutes ahead',
  },
  {
    shipper: 1,
    from: '77002',
    to: '75201',
    equipment: 'REEFER',
    mode: 'TL',
    pallets: 12,
    weightLbs: 14000,
    price: 1450,
    postedDaysAgo: 1,
    carrier: 1,
    fate: 'held',
    notes: 'Keep at 34 F',
  },
  {
    shipper: 0,
    from: '60601',
    to: '46204',
    equipment: 'VAN',
    mode: 'LTL',
    pallets: 4,
    weightLbs: 3200,
    price: 640,
    postedDaysAgo: 1,
    fate: 'open',
    commodity: 'Boxed auto parts',
    pieces: 64,
  },
  {
    shipper: 2,
    from: '28202',
    to: '30303',
    equipment: 'FLATBED',
    mode: 'TL',
    pallets: 16,
    weightLbs: 30000,
    price: 1380,
    postedDaysAgo: 1,
    fate: 'open',
    funded: true,
    notes: 'Tarps required',
  },
  {
    shipper: 1,
    from: '75201',
    to: '73102',
    equipment: 'BOX',
    mode: 'EXP',
    pallets: 3,
    weightLbs: 2400,
    price: 980,
    postedDaysAgo: 0,
    fate: 'open',
  },
  {
    shipper: 0,
    from: '53202',
    to: '60601',
    equipment: 'VAN',
    mode: 'TL',
    pallets: 20,
    weightLbs: 26000,
    price: 1150,
    postedDaysAgo: 0,
    fate: 'open',
  },
]
