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
