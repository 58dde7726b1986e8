import * as React from 'react'
import { useSWRConfig } from 'swr'
import { Upload } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { isDocumentsKey } from '@/features/tms/api/get-documents'
import { uploadDocument, type UploadDocType } from '@/features/tms/api/upload-document'
import { documentTypeLabel } from '@/features/tms/utils/labels'
import { isApiError } from '@/lib/api-client'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'

const UPLOAD_TYPES: UploadDocType[] = [
  'POD',
  'SIGNED_BOL',
  'WEIGHT_TICKET',
  'LUMPER_RECEIPT',
  'OTHER',
]
const MAX_BYTES = 10 * 1024 * 1024

/** Carriers: a proof of delivery (or another stop document) for one of their bookings. */
export function UploadDocumentForm() {
  const { mutate } = useSWRConfig()
  const fileRef = React.useRef<HTMLInputElement>(null)
  const [shipment, setShipment] = React.useState('')
  const [docType, setDocType] = React.useState<UploadDocType>('POD')
  const [stop, setStop] = React.useState('')
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [busy, setBusy] = React.useState(false)

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const file = fileRef.current?.files?.[0]
    const local: Record<string, string> = {}
    if (!shipment.trim()) local.shipment = 'Enter the booking number'
    if (!file) local.file = 'Choose a PDF, JPEG or PNG file'
    else if (file.size > MAX_BYTES) local.file = 'The file is larger than 10 MB'
    setErrors(local)
    if (Object.keys(local).length > 0 || !file || busy) return
    setBusy(true)
    try {
      const doc = await uploadDocument({
        shipment: shipment.trim(),
        file,
        docType,
        stopNumber: stop.trim() === '' ? undefined : Number(stop),
      })
      await mutate(isDocumentsKey)
      toast({
        variant: 'success',
        title: 'Document uploaded',
        description: `${documentTypeLabel(doc.type)} for ${doc.shipmentReference}`,
      })
      setStop('')
      if (fileRef.current) fileRef.current.value = ''
    } catch (error) {
      const fields = fieldErrorsOf(error)
      if (isApiError(error) && error.status === 413) {
        setErrors({ file: serverMessage(error, 'The file is larger than 10 MB') })
      } else if (Object.keys(fields).length > 0) {
        setErrors({
          file: fields.file,
          docType: fields.docType,
          stopNumber: fields.stopNumber,
        })
      } else if (isApiError(error) && error.status === 404) {
        setErrors({ shipment: 'No booking of yours with this number' })
      } else {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(error, 'Failed to upload the document'),
        })
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload a proof of delivery</CardTitle>
        <CardDescription>
          PDF, JPEG or PNG, at most 10 MB, for one of your bookings.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Upload document"
          onSubmit={submit}
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_12rem_8rem_1fr_auto] lg:items-start"
        >
          <TextField
            id="upload-shipment"
            label="Booking number"
            inputMode="numeric"
            value={shipment}
            onChange={(e) => setShipment(e.target.value)}
            error={errors.shipment}
          />
          <FormField id="upload-type" label="Document type" error={errors.docType}>
            <NativeSelect
              id="upload-type"
              value={docType}
              onChange={(e) => setDocType(e.target.value as UploadDocType)}
            >
              {UPLOAD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {documentTypeLabel(t)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <TextField
            id="upload-stop"
            label="Stop number"
            type="number"
            min={1}
            value={stop}
            onChange={(e) => setStop(e.target.value)}
            error={errors.stopNumber}
          />
          <FormField id="upload-file" label="File" error={errors.file}>
            <Input
              id="upload-file"
              ref={fileRef}
              type="file"
              accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? 'upload-file-error' : undefined}
            />
          </FormField>
          <Button type="submit" disabled={busy} className="lg:mt-6">
            <Upload className="h-4 w-4" aria-hidden="true" />
            {busy ? 'Uploading...' : 'Upload'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
