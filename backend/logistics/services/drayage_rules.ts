import { DateTime } from 'luxon'
import { toCents } from '#core/money'

/**
 * The pure rules of drayage free time and its charges (docs/decisions/0120). Days are calendar
 * days (`YYYY-MM-DD`) in the business time zone, weekends and holidays included.
 */

/** A tariff step as stored and sent: from the nth charge day on, `perDay` dollars a day. */
export type Tier = { fromDay: number; perDay: number }

/** The JSON text column of tiers, read as a sorted list (empty when none). */
export const tiersColumn = {
  prepare: (v: Tier[] | null | undefined) => (v && v.length > 0 ? JSON.stringify(v) : null),
  consume: (v: unknown): Tier[] => {
    const parsed = typeof v === 'string' ? JSON.parse(v) : v
    return Array.isArray(parsed) ? sortTiers(parsed as Tier[]) : []
  },
}

export function sortTiers(tiers: Tier[]): Tier[] {
  return [...tiers].sort((a, b) => a.fromDay - b.fromDay)
}

/** docs/spec.md §9: 2 free days, demurrage 175 and per diem 95 a day. */
export const DRAYAGE_DEFAULTS = { freeDays: 2, demurragePerDay: 175, perDiemPerDay: 95 }

const LETTER_VALUES: Record<string, number> = (() => {
  // A=10 upwards, skipping the multiples of 11 (11, 22, 33).
  const values: Record<string, number> = {}
  let value = 10
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value++
    values[letter] = value++
  }
  return values
})()

const CONTAINER_FORMAT = /^[A-Z]{3}[UJZ]\d{6}\d$/

/** The ISO 6346 check digit of the first ten characters (owner, category, serial). */
export function containerCheckDigit(firstTen: string): number {
  let sum = 0
  for (let i = 0; i < 10; i++) {
    const ch = firstTen[i]
    const value = /\d/.test(ch) ? Number(ch) : LETTER_VALUES[ch]
    sum += value * 2 ** i
  }
  // A remainder of 10 is written as 0.
  return (sum % 11) % 10
}

/** Upper-cases and drops spaces and dashes, as containers are often written ("CSQU 305438-3"). */
export function normalizeContainerNo(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '')
}

/** True for a well-formed ISO 6346 container number with a matching check digit. */
export function isValidContainerNo(containerNo: string): boolean {
  if (!CONTAINER_FORMAT.test(containerNo)) return false
  return containerCheckDigit(containerNo.slice(0, 10)) === Number(containerNo[10])
}

export function addDays(day: string, days: number): string {
  return DateTime.fromISO(day, { zone: 'utc' }).plus({ days }).toISODate()!
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = DateTime.fromISO(from, { zone: 'utc' })
  const b = DateTime.fromISO(to, { zone: 'utc' })
  return Math.round(b.diff(a, 'days').days)
}

/**
 * Free time starts the first full day after the container is available (as at the ports of
 * Los Angeles and Long Beach), so the last free day is the availability day plus the free days.
 */
export function lastFreeDay(availableOn: string, freeDays: number): string {
  return addDays(availableOn, freeDays)
}

export type ChargeSegment = {
  /** first and last charge day of the segment, 1-based */
  fromDay: number
  toDay: number
  days: number
  unitCents: number
  amountCents: number
}

/**
 * Splits `days` charge days over the base rate and the tiers: the base rate until the first
 * tier's `fromDay`, then each tier's rate until the next one's.
 */
export function chargeSegments(days: number, baseCents: number, tiers: Tier[]): ChargeSegment[] {
  if (days <= 0) return []
  const steps = [{ fromDay: 1, unitCents: baseCents }]
  for (const tier of sortTiers(tiers)) {
    if (tier.fromDay <= 1) steps[0] = { fromDay: 1, unitCents: toCents(tier.perDay) }
    else steps.push({ fromDay: tier.fromDay, unitCents: toCents(tier.perDay) })
  }
  const segments: ChargeSegment[] = []
  for (const [i, step] of steps.entries()) {
    if (step.fromDay > days) break
    const toDay = Math.min(days, (steps[i + 1]?.fromDay ?? Number.POSITIVE_INFINITY) - 1)
    const count = toDay - step.fromDay + 1
    segments.push({
      fromDay: step.fromDay,
      toDay,
      days: count,
      unitCents: step.unitCents,
      amountCents: count * step.unitCents,
    })
  }
  return segments
}

/** What a move's clocks need, as calendar days. */
export type FreeTimeInput = {
  availableOn: string
  freeDays: number
  /** the business day of gate-out, null while the container is at the terminal */
  gateOutDay: string | null
  /** the business day the empty was returned, null while the customer has it */
  emptyReturnDay: string | null
  today: string
}

export type FreeTime = {
  lastFreeDay: string
  /** charge days of demurrage: after the last free day, through gate-out (or today) */
  demurrageDays: number
  /** the last day the empty may be returned without per diem; null before gate-out */
  perDiemLastFreeDay: string | null
  /** charge days of per diem: after the per diem free days, through the return (or today) */
  perDiemDays: number
}

/**
 * Demurrage counts each day after the last free day on which the container is still in the
 * terminal, the gate-out day included; per diem gets the same number of free days from the
 * gate-out day and counts each later day until the empty's return day, included.
 */
export function freeTime(input: FreeTimeInput): FreeTime {
  const lfd = lastFreeDay(input.availableOn, input.freeDays)
  const demurrageEnd = input.gateOutDay ?? input.today
  const demurrageDays = Math.max(0, daysBetween(lfd, demurrageEnd))
  if (input.gateOutDay === null) {
    return { lastFreeDay: lfd, demurrageDays, perDiemLastFreeDay: null, perDiemDays: 0 }
  }
  const perDiemLfd = addDays(input.gateOutDay, input.freeDays)
  const perDiemEnd = input.emptyReturnDay ?? input.today
  return {
    lastFreeDay: lfd,
    demurrageDays,
    perDiemLastFreeDay: perDiemLfd,
    perDiemDays: Math.max(0, daysBetween(perDiemLfd, perDiemEnd)),
  }
}

export type ChargeCode = 'DEMURRAGE' | 'PER_DIEM'

/** One billable line: `from`/`to` are the first and last calendar day it covers. */
export type ChargeLine = {
  code: ChargeCode
  description: string
  days: number
  unitCents: number
  amountCents: number
  from: string
  to: string
}

const WORDS: Record<ChargeCode, string> = { DEMURRAGE: 'Demurrage', PER_DIEM: 'Per diem' }

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/** The lines of one clock: day n of the charge falls on `lastFree` + n. */
export function chargeLines(
  code: ChargeCode,
  lastFree: string,
  days: number,
  baseCents: number,
  tiers: Tier[]
): ChargeLine[] {
  return chargeSegments(days, baseCents, tiers).map((s) => ({
    code,
    description: `${WORDS[code]} day${s.days === 1 ? '' : 's'} ${s.fromDay === s.toDay ? s.fromDay : `${s.fromDay}-${s.toDay}`} at ${dollars(s.unitCents)}/day`,
    days: s.days,
    unitCents: s.unitCents,
    amountCents: s.amountCents,
    from: addDays(lastFree, s.fromDay),
    to: addDays(lastFree, s.toDay),
  }))
}

export const sumCents = (lines: { amountCents: number }[]) =>
  lines.reduce((total, line) => total + line.amountCents, 0)
