import { FileText, RefreshCw, ShieldCheck } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { VettingChecks } from '@/components/vetting-checks'
import { formatCalendarDate } from '@/lib/format'
import type { CarrierVettingSummary } from '@/features/admin/api/get-pending-users'
import { certificateUrl, useRevetCarrier } from '@/features/admin/api/carrier-vetting'

/**
 * A carrier's FMCSA vetting beside its account: each check with its reason, the insurance
 * certificate and its expiry, and a button to run the vetting again.
 */
export function CarrierVettingPanel({
  summary,
  name,
}: {
  summary: CarrierVettingSummary
  name: string
}) {
  const { revet, busyId } = useRevetCarrier()
  const onRevet = async () => {
    try {
      await revet(summary.carrierId)
      toast({
        variant: 'success',
        title: 'Vetting updated',
        description: `${name} was vetted again.`,
      })
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Vetting failed',
        description: err instanceof Error ? err.message : String(err),
      })
    }
  }
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <ShieldCheck className="h-4 w-4 text-brand-500" aria-hidden="true" />
        {summary.verified ? (
          <Badge variant="success">Verified</Badge>
        ) : (
          <Badge variant="secondary">Not verified</Badge>
        )}
        {summary.hasInsuranceCertificate ? (
          <a
            className="inline-flex items-center gap-1 text-brand-700 underline"
            href={certificateUrl(summary.carrierId)}
          >
            <FileText className="h-3.5 w-3.5" aria-hidden="true" />
            Insurance certificate
            {summary.insuranceExpiresOn
              ? ` (expires ${formatCalendarDate(summary.insuranceExpiresOn)})`
              : ''}
          </a>
        ) : (
          <span className="text-slate-600">No insurance certificate uploaded</span>
        )}
      </div>
      {summary.vetting ? (
        <VettingChecks vetting={summary.vetting} title="FMCSA vetting" />
      ) : (
        <p className="text-sm text-slate-600">Not vetted yet: the census did not answer.</p>
      )}
      <Button
        size="sm"
        variant="outline"
        disabled={busyId === summary.carrierId}
        onClick={() => void onRevet()}
        aria-label={`Run vetting again for ${name}`}
      >
        <RefreshCw className="h-4 w-4" aria-hidden="true" /> Run vetting again
      </Button>
    </div>
  )
}
