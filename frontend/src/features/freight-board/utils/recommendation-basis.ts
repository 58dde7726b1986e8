import { equipmentLabel, modeLabel } from '@/config/freight-labels'
import { formatCount } from '@/lib/format'
import type { Equipment, ServiceMode } from '@/features/freight-board/api/types'

const SCOPE_WORDS = {
  zip3: 'same 3-digit ZIP areas',
  state: 'same states',
  region: 'same census regions',
} as const

/** What a recommendation rested on: its method, how wide a lane, and how many loads. */
export type BasisFacts = {
  method: 'lane_history' | 'cost_model'
  scope: keyof typeof SCOPE_WORDS | null
  sample_size: number
  equipment: Equipment
  mode: ServiceMode
}

/**
 * What the range rests on, in one line: the comparable loads (how many, which equipment and
 * mode, how wide a lane) or the cost model, so two estimates can be compared (decision 0176).
 * The post form's estimate and My Posted Loads' cards say it in the same words.
 */
export function recommendationBasisLine(facts: BasisFacts): string {
  const { sample_size, equipment, mode, method, scope } = facts
  const kind = `${equipmentLabel(equipment)} ${modeLabel(mode)}`
  if (method === 'lane_history') {
    const loads = `${formatCount(sample_size)} comparable ${kind} ${sample_size === 1 ? 'load' : 'loads'}`
    return scope ? `Based on ${loads} on the ${SCOPE_WORDS[scope]}` : `Based on ${loads}`
  }
  return `Based on the ${kind} cost model: fewer comparable loads than the lane needs`
}
