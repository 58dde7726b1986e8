import { describe, expect, it } from 'vitest'
import { parseBands } from '@/features/drayage/utils/line-haul'

describe('parseBands: the admin’s "miles: dollars" pairs as cents', () => {
  it.each([
    ['', []],
    ['25: 450', [{ upToMiles: 25, cents: 45_000 }]],
    [
      '25: 450, 50mi: $600.5, 100 : 850.05',
      [
        { upToMiles: 25, cents: 45_000 },
        { upToMiles: 50, cents: 60_050 },
        { upToMiles: 100, cents: 85_005 },
      ],
    ],
    ['25 450', null],
    ['25: 4.505', null],
    ['x: 450', null],
  ])('%j', (text, bands) => {
    expect(parseBands(text)).toEqual(bands)
  })
})
