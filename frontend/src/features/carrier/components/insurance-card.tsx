import * as React from 'react'
import { FileText, Upload } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { VettingChecks } from '@/components/vetting-checks'
import { formatCalendarDate } from '@/lib/format'
import { isApiError } from '@/lib/api-client'
import {
  ownCertificateUrl,
  useCarrierInsurance,
  useUploadInsurance,
} from '@/features/carrier/api/carrier-insurance'

type Errors = { file?: string; expiresOn?: string }

/** Up to 10 MB, PDF, JPEG or PNG: what the server accepts (it checks the bytes again). */
const MAX_BYTES = 10 * 1024 * 1024
const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg'

/**
 * Insurance & vetting: the carrier's certificate of insurance with its expiry date, and how its
 * FMCSA vetting stands. "Verified" needs a passing vetting and an unexpired certificate.
 */
export function InsuranceCard() {
  const { data, error, isLoading, isValidating, mutate } = useCarrierInsurance()
  const upload = useUploadInsurance()
  const [file, setFile] = React.useState<File | null>(null)
  const [expiresOn, setExpiresOn] = React.useState('')
  const [errors, setErrors] = React.useState<Errors>({})
  const [saving, setSaving] = React.useState(false)
  // Remounting the form is how a file input is cleared after an upload.
  const [formKey, setFormKey] = React.useState(0)

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    const found: Errors = {}
    if (!file) found.file = 'A file is required'
    else if (file.size > MAX_BYTES) found.file = 'File too large: the limit is 10 MB'
    if (!expiresOn) found.expiresOn = 'Expiry date is required'
    setErrors(found)
    if (found.file || found.expiresOn) return
    setSaving(true)
    try {
      await upload(file!, expiresOn)
      toast({
        variant: 'success',
        title: 'Certificate uploaded',
        description: 'Your vetting was run again.',
      })
      setFile(null)
      setExpiresOn('')
      setFormKey((k) => k + 1)
    } catch (err) {
      const fields = isApiError(err) ? err.fieldErrors : []
      const next: Errors = {}
      for (const f of fields)
        if (f.field === 'file' || f.field === 'expiresOn') next[f.field] = f.message
      setErrors(next)
      toast({
        variant: 'destructive',
        title: 'Upload failed',
        description: err instanceof Error ? err.message : String(err),
      })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card>
      <CardHeader className="space-y-1.5">
        <CardTitle>Insurance &amp; vetting</CardTitle>
        <CardDescription>
          Upload your certificate of insurance with its expiry date. Shippers see “Verified” while
          your FMCSA vetting passes and the certificate is current.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : error ? (
          <LoadError
            title="Could not load your insurance"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : data ? (
          <>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              {data.verified ? (
                <Badge variant="success">Verified</Badge>
              ) : (
                <Badge variant="secondary">Not verified</Badge>
              )}
              {data.hasCertificate ? (
                <a
                  className="inline-flex items-center gap-1 text-brand-700 underline"
                  href={ownCertificateUrl}
                >
                  <FileText className="h-3.5 w-3.5" aria-hidden="true" />
                  Certificate on file
                  {data.expiresOn ? `, expires ${formatCalendarDate(data.expiresOn)}` : ''}
                </a>
              ) : (
                <span className="text-slate-600">No certificate uploaded yet</span>
              )}
            </div>
            {data.vetting ? <VettingChecks vetting={data.vetting} title="FMCSA vetting" /> : null}
          </>
        ) : null}
        <form
          key={formKey}
          className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
          onSubmit={onSubmit}
          noValidate
        >
          <TextField
            id="insurance-file"
            label="Certificate (PDF, JPEG or PNG, up to 10 MB)"
            type="file"
            accept={ACCEPT}
            error={errors.file}
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
          <TextField
            id="insurance-expires"
            label="Expiry date"
            type="date"
            value={expiresOn}
            error={errors.expiresOn}
            onChange={(e) => setExpiresOn(e.currentTarget.value)}
          />
          <Button type="submit" disabled={saving}>
            <Upload className="h-4 w-4" aria-hidden="true" /> Upload certificate
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
