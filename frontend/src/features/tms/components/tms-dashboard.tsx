import type * as React from 'react'
import { Calculator, FileStack, MapPinned, ShieldCheck } from 'lucide-react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { DocumentHub } from '@/features/tms/components/document-hub'
import { MilestoneTracking } from '@/features/tms/components/milestone-tracking'
import { PaymentEscrow } from '@/features/tms/components/payment-escrow'
import { RateComparison } from '@/features/tms/components/rate-comparison'

export type TmsRole = 'shipper' | 'carrier' | 'admin'

type Tab = {
  id: string
  label: string
  icon: React.ComponentType<{ className?: string }>
  content: React.ReactNode
}

/** /tms: transportation management tabs (docs/spec.md §2, issue 12); what each shows per role. */
export function TmsDashboard({ role }: { role: TmsRole }) {
  const tabs: Tab[] = [
    {
      id: 'rates',
      label: 'Rate Comparison',
      icon: Calculator,
      content: <RateComparison canBook={role === 'shipper'} />,
    },
    {
      id: 'tracking',
      label: 'Milestone Tracking',
      icon: MapPinned,
      content: <MilestoneTracking />,
    },
    {
      id: 'documents',
      label: 'Document Hub',
      icon: FileStack,
      content: <DocumentHub canUpload={role === 'carrier'} />,
    },
    {
      id: 'escrow',
      label: 'Payment Escrow',
      icon: ShieldCheck,
      content: <PaymentEscrow isShipper={role === 'shipper'} />,
    },
  ]
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        Transportation Management
      </h1>
      <p className="mt-1 text-slate-600">
        Compare rates, follow milestones and keep shipment paperwork in one place.
      </p>
      <Tabs defaultValue="rates" className="mt-6">
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:flex sm:w-auto sm:flex-wrap sm:justify-start">
          {tabs.map(({ id, label, icon: Icon }) => (
            <TabsTrigger key={id} value={id}>
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ id, label, content }) => (
          <TabsContent key={id} value={id} className="mt-4">
            <h2 className="mb-3 text-lg font-semibold text-slate-900">{label}</h2>
            {content}
          </TabsContent>
        ))}
      </Tabs>
    </main>
  )
}
