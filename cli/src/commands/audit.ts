import type { Command } from 'commander'
import type { AuditVerification, ChainStatus } from '../api/client.js'
import { CliError } from '../errors.js'
import { renderTable, type TableColumn } from '../ui/table.js'
import { renderTasks } from '../ui/tasks.js'
import type { ContextOf } from './types.js'

interface ChainRow {
  chain: string
  rows: number
  status: string
  brokenAt: string
}

const chainColumns: TableColumn<ChainRow>[] = [
  { key: 'chain', header: 'chain' },
  { key: 'rows', header: 'rows' },
  { key: 'status', header: 'status' },
  { key: 'brokenAt', header: 'first broken row' },
]

/** A removed tail breaks no row's link, so the server names no row: say where it broke instead. */
function brokenAt(chain: ChainStatus): string {
  if (chain.ok) return '—'
  return chain.brokenRowId === null ? 'end of chain' : String(chain.brokenRowId)
}

function toRow(chain: ChainStatus): ChainRow {
  return {
    chain: chain.chain,
    rows: chain.rows,
    status: chain.ok ? 'intact' : 'BROKEN',
    brokenAt: brokenAt(chain),
  }
}

export function registerAuditCommands(program: Command, contextOf: ContextOf): void {
  const audit = program
    .command('audit')
    .description('tamper-evident audit trails (identity reveals, money ledger)')

  audit
    .command('verify')
    .description('verify every hash chain from its first row; exits 1 when one is broken')
    .option('--json', 'print the raw JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const api = ctx.api()
      // The spinner writes to stdout, so --json skips it and stdout stays one JSON document.
      const report = options.json
        ? await api.verifyAudit()
        : ((
            await renderTasks(
              [{ title: 'Verifying the audit chains', run: () => api.verifyAudit() }],
              ctx.io
            )
          )[0] as AuditVerification)
      if (options.json) ctx.printJson(report)
      else {
        await renderTable(report.chains.map(toRow), chainColumns, ctx.io, {
          emptyMessage: 'The server reports no audit chains.',
        })
        for (const chain of report.chains) {
          if (chain.ok) continue
          const where = chain.brokenRowId === null ? 'at its end' : `at row ${chain.brokenRowId}`
          ctx.print(`${chain.chain}: broken ${where}: ${chain.reason ?? 'no reason given'}`)
        }
      }
      const broken = report.chains.filter((chain) => !chain.ok)
      if (broken.length > 0) {
        throw new CliError(
          `${broken.length} audit chain(s) broken: ${broken.map((c) => c.chain).join(', ')}`
        )
      }
      if (!options.json) ctx.print('Every audit chain is intact.')
    })
}
