import * as React from 'react'
import { Download, FileStack } from 'lucide-react'
import { DownloadBundleButton } from '@/components/download-bundle-button'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import {
  useDocuments,
  type DocumentFilters,
  type DocumentType,
} from '@/features/tms/api/get-documents'
import { UploadDocumentForm } from '@/features/tms/components/upload-document-form'
import { DOCUMENT_TYPES, documentTypeLabel } from '@/features/tms/utils/labels'
import { formatDate } from '@/lib/format'

/**
 * Document Hub: the user's BOLs, PODs and invoices, and their expedited jobs' signed PODs
 * (docs/decisions/0265); carriers upload stop documents.
 */
export function DocumentHub({ canUpload }: { canUpload: boolean }) {
  const [filters, setFilters] = React.useState<DocumentFilters>({
    type: '',
    shipment: '',
    page: 1,
  })
  const [shipmentInput, setShipmentInput] = React.useState('')
  const query = useDocuments(filters)
  const meta = query.data?.meta

  return (
    <div className="space-y-6">
      {canUpload ? <UploadDocumentForm /> : null}
      <Card>
        <CardHeader>
          <CardTitle>Your documents</CardTitle>
          <CardDescription>
            Bills of lading, proofs of delivery and invoices of your shipments, and the signed
            proofs of delivery of your expedited jobs, newest first.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <form
            aria-label="Filter documents"
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              setFilters((f) => ({ ...f, shipment: shipmentInput, page: 1 }))
            }}
            className="grid grid-cols-1 gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
          >
            <FormField id="doc-type-filter" label="Type">
              <NativeSelect
                id="doc-type-filter"
                value={filters.type}
                onChange={(e) =>
                  setFilters((f) => ({ ...f, type: e.target.value as DocumentType | '', page: 1 }))
                }
              >
                <option value="">All types</option>
                {DOCUMENT_TYPES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <TextField
              id="doc-shipment-filter"
              label="Shipment"
              placeholder="TRT-042, 42 or EXP-007"
              value={shipmentInput}
              onChange={(e) => setShipmentInput(e.target.value)}
            />
            <Button type="submit" variant="outline">
              Filter
            </Button>
          </form>
          <LoadStates
            query={{ ...query, data: query.data?.data }}
            loadingLabel="Loading documents"
            errorTitle="Could not load your documents"
            empty={{
              icon: FileStack,
              title: 'No documents',
              description:
                filters.type || filters.shipment
                  ? 'No document matches these filters.'
                  : 'A bill of lading appears when a booking is confirmed, an invoice on delivery.',
            }}
          >
            {(docs) => (
              <>
                <BookingBundles docs={docs.filter((d) => d.subject === 'booking')} />
                <ul aria-label="Documents" className="divide-y divide-slate-200 rounded-md border">
                  {docs.map((doc) => (
                    <li
                      key={`${doc.subject}-${doc.id}`}
                      className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div className="min-w-0 text-sm">
                        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                          <Badge variant="secondary">{documentTypeLabel(doc.type)}</Badge>
                          <span className="break-all">{doc.fileName}</span>
                        </p>
                        <p className="text-slate-600">
                          {doc.shipmentReference}
                          {doc.subject === 'expedited_job' ? ' · Expedited job' : ''}
                          {doc.stopNumber != null ? ` · Stop ${doc.stopNumber}` : ''} ·{' '}
                          {formatDate(doc.createdAt)}
                        </p>
                      </div>
                      <Button asChild variant="outline" size="sm">
                        <a
                          href={doc.downloadUrl}
                          download={doc.fileName}
                          aria-label={`Download ${doc.fileName}`}
                        >
                          <Download className="h-4 w-4" aria-hidden="true" />
                          Download
                        </a>
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </LoadStates>
          {meta && meta.lastPage > 1 ? (
            <nav aria-label="Document pages" className="flex items-center justify-between gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={meta.currentPage <= 1}
                onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
              >
                Previous
              </Button>
              <span className="text-sm text-slate-600">
                Page {meta.currentPage} of {meta.lastPage}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={meta.currentPage >= meta.lastPage}
                onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </CardContent>
      </Card>
    </div>
  )
}

/**
 * "Download all (ZIP)" for each booking on the page (docs/decisions/0250): its whole bundle,
 * every document, revision, claim file and the message transcript, in one file.
 */
function BookingBundles({ docs }: { docs: { shipmentId: number; shipmentReference: string }[] }) {
  const bookings = [...new Map(docs.map((d) => [d.shipmentId, d.shipmentReference]))]
  // An expedited job's POD is its only file here: no bundle (docs/decisions/0265).
  if (bookings.length === 0) return null
  return (
    <section
      aria-label="Everything of a booking"
      className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      <p className="text-slate-700">
        Everything of a booking in one file: paperwork, rate confirmations, proofs of delivery,
        invoices, claims and the message transcript.
      </p>
      <ul className="flex flex-wrap gap-2">
        {bookings.map(([id, reference]) => (
          <li key={id} className="flex items-center gap-2">
            <span className="font-medium text-slate-900">{reference}</span>
            <DownloadBundleButton bookingId={id} reference={reference} />
          </li>
        ))}
      </ul>
    </section>
  )
}
