import { Calculator, FileStack, MapPinned, ShieldCheck } from 'lucide-react'
import { EmptyState } from '@/components/ui/empty-state'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'

const TABS = [
  {
    id: 'rates',
    label: 'Rate Comparison',
    icon: Calculator,
    text: 'Quotes from multiple carriers will appear here for an origin and destination postal code, weight and mode (LTL, Truckload or Expedited), with transit days, reliability and a breakdown of charges.',
  },
  {
    id: 'tracking',
    label: 'Milestone Tracking',
    icon: MapPinned,
    text: 'Enter a shipment ID to see its timeline here: pickup, linehaul departure and arrival, out for delivery, delivery and any exceptions.',
  },
  {
    id: 'documents',
    label: 'Document Hub',
    icon: FileStack,
    text: 'Bills of lading, proofs of delivery and invoices for your shipments will be collected here.',
  },
  {
    id: 'escrow',
    label: 'Payment Escrow',
    icon: ShieldCheck,
    text: 'Funds held for your shipments and their release will be shown here.',
  },
] as const

/** /tms: transportation management tabs. */
export function TmsDashboard() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        Transportation Management
      </h1>
      <p className="mt-1 text-slate-600">
        Compare rates, follow milestones and keep shipment paperwork in one place.
      </p>
      <Tabs defaultValue="rates" className="mt-6">
        <TabsList className="flex h-auto w-full flex-wrap justify-start">
          {TABS.map(({ id, label, icon: Icon }) => (
            <TabsTrigger key={id} value={id}>
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ id, label, icon, text }) => (
          <TabsContent key={id} value={id}>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">{label}</h2>
            <EmptyState icon={icon} title="Nothing here yet" description={text} />
          </TabsContent>
        ))}
      </Tabs>
    </main>
  )
}
