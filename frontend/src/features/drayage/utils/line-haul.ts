import type { Terminal } from '@/features/drayage/api/get-terminals'

export type Band = Terminal['lineHaulBands'][number]

/**
 * "25: 450, 50: 600" as bands in integer cents (docs/decisions/0187), or null when a pair is
 * not "miles: dollars"; the server checks the ranges.
 */
export function parseBands(text: string): Band[] | null {
  const pairs = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  const bands: Band[] = []
  for (const pair of pairs) {
    const match = pair.match(/^(\d+)\s*(?:mi)?\s*:\s*\$?\s*(\d+(?:\.\d{1,2})?)$/)
    if (!match) return null
    const [whole, frac = ''] = match[2].split('.')
    bands.push({
      upToMiles: Number(match[1]),
      cents: Number(whole) * 100 + Number(frac.padEnd(2, '0')),
    })
  }
  return bands
}
