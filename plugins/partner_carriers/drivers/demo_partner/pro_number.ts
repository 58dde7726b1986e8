/**
 * PRO numbers the way many LTL carriers print them: a 9-digit serial followed by one check
 * digit, the serial modulo 7 (the mod-7 scheme of freight and airline document numbers). It
 * catches most single-digit typos when a customer reads the number over the phone.
 */

const SERIAL_DIGITS = 9
const SERIALS = 10 ** SERIAL_DIGITS

export function proNumber(serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 0 || serial >= SERIALS) {
    throw new RangeError(`A PRO serial has ${SERIAL_DIGITS} digits`)
  }
  return `${String(serial).padStart(SERIAL_DIGITS, '0')}${serial % 7}`
}

export function isValidProNumber(pro: string): boolean {
  if (!/^\d{10}$/.test(pro)) return false
  return Number(pro.slice(0, SERIAL_DIGITS)) % 7 === Number(pro.slice(SERIAL_DIGITS))
}
