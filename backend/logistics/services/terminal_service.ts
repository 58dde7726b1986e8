import type { Infer } from '@vinejs/vine/types'
import Terminal from '#logistics/models/terminal'
import type { terminalValidator } from '#logistics/validators/terminal'
import { isUniqueViolation, validationError } from '#core/validation'
import type { Tier } from '#logistics/services/drayage_rules'
import { bandsOf, sortBands, type LineHaulBand } from '#logistics/services/drayage_tariff'

export type TerminalView = {
  id: number
  code: string
  name: string | null
  unLocode: string | null
  address: string | null
  kind: 'PORT' | 'RAIL'
  demurrageTiers: Tier[]
  perDiemTiers: Tier[]
  /** the terminal's own line-haul bands (cents); empty when it prices by the defaults */
  lineHaulBands: LineHaulBand[]
  /** the bands its moves are priced by: its own, or the defaults (docs/decisions/0187) */
  effectiveLineHaulBands: LineHaulBand[]
}

export type TerminalInput = Infer<typeof terminalValidator>

export const toTerminalView = (t: Terminal): TerminalView => ({
  id: t.id,
  code: t.code,
  name: t.name,
  unLocode: t.unLocode,
  address: t.address,
  kind: t.kind,
  demurrageTiers: t.demurrageTiers,
  perDiemTiers: t.perDiemTiers,
  lineHaulBands: t.lineHaulBands ?? [],
  effectiveLineHaulBands: bandsOf(t.lineHaulBands),
})

/** Bounded: the US has a few dozen container terminals and ramps. */
const TERMINALS_SHOWN = 500

const duplicate = () =>
  validationError([{ field: 'code', message: 'A terminal with this code exists', rule: 'unique' }])

/** The container terminals and rail ramps moves start from; admins keep the list. */
export default class TerminalService {
  async list(): Promise<TerminalView[]> {
    const rows = await Terminal.query().orderBy('code', 'asc').limit(TERMINALS_SHOWN)
    return rows.map(toTerminalView)
  }

  async findByCode(code: string): Promise<Terminal | null> {
    return Terminal.findBy('code', code.trim().toUpperCase())
  }

  async create(input: TerminalInput): Promise<TerminalView> {
    if (await this.findByCode(input.code)) throw duplicate()
    try {
      return toTerminalView(await Terminal.create(this.fields(input)))
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate()
      throw error
    }
  }

  /**
   * The route's TerminalPolicy let an admin in. The code moves' rows keep is the one they were
   * created with, so a terminal's code may change only while no move names it.
   */
  async update(id: number, input: TerminalInput, movesNaming: (code: string) => Promise<number>) {
    const terminal = await Terminal.findOrFail(id)
    if (input.code !== terminal.code) {
      const other = await this.findByCode(input.code)
      if (other) throw duplicate()
      if ((await movesNaming(terminal.code)) > 0) {
        throw validationError([
          {
            field: 'code',
            message: 'Drayage moves name this terminal; its code cannot change',
            rule: 'inUse',
          },
        ])
      }
    }
    terminal.merge(this.fields(input))
    await terminal.save()
    return toTerminalView(terminal)
  }

  private fields(input: TerminalInput) {
    return {
      code: input.code,
      name: input.name,
      unLocode: input.unLocode ?? null,
      address: input.address,
      kind: input.kind,
      demurrageTiers: input.demurrageTiers ?? [],
      perDiemTiers: input.perDiemTiers ?? [],
      lineHaulBands: sortBands(input.lineHaulBands ?? []),
    }
  }
}
