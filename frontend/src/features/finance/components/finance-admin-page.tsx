import { AccessorialsEditor } from '@/features/finance/components/accessorials-editor'
import { FlaggedInvoices, type ReadMessages } from '@/features/finance/components/flagged-invoices'
import { FuelIndexPanel } from '@/features/finance/components/fuel-index-panel'

/** /admin/finance: the fuel index and surcharge table, the accessorials, flagged invoices. */
export function FinanceAdminPage({ readMessages }: { readMessages?: ReadMessages } = {}) {
  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Finance</h1>
        <p className="mt-1 text-slate-600">
          Fuel index, surcharge table, accessorial prices and the invoices audits flagged.
        </p>
      </div>
      <FlaggedInvoices readMessages={readMessages} />
      <FuelIndexPanel />
      <AccessorialsEditor />
    </main>
  )
}
