import { InvalidArgumentError } from 'commander'

/** Commander parser for database ids given on the command line. */
export function parseId(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('expected a positive integer id.')
  }
  return Number(value)
}

export function parsePositiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('expected a positive whole number.')
  }
  return Number(value)
}

/** Commander parser for a whole number from 1 to `max` (the server's own bound). */
export function parseIntUpTo(max: number) {
  return (value: string): number => {
    const n = parsePositiveInt(value)
    if (n > max) throw new InvalidArgumentError(`expected a whole number from 1 to ${max}.`)
    return n
  }
}

/** Commander parser for free text: trimmed, not empty, at most `max` characters. */
export function parseText(max: number) {
  return (value: string): string => {
    const text = value.trim()
    if (text === '') throw new InvalidArgumentError('must not be empty.')
    if (text.length > max) throw new InvalidArgumentError(`at most ${max} characters.`)
    return text
  }
}
