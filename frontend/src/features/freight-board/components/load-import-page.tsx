import * as React from 'react'
import { Link } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { CheckCircle2, Download, FileUp, Send, XCircle } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EQUIPMENT_LABELS } from '@/config/freight-labels'
import { paths } from '@/config/paths'
import { fieldErrorsOf, serverMessageOf } from '@/lib/api-errors'
import { formatCurrency, formatDateTime } from '@/lib/format'
import { createSubmissionKeys } from '@/lib/idempotency'
import { useLiveChannel } from '@/lib/live'
import { userChannel } from '@/lib/live-refresh'
import { shipperLoadsKey } from '@/features/freight-board/api/get-shipper-loads'
import {
  commitLoadImport,
  LOAD_IMPORT_EXAMPLE_URL,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  previewLoadImport,
} from '@/features/freight-board/api/load-imports'
import type {
  ImportProgressMessage,
  LoadImportPosted,
  LoadImportPreview,
  LoadImportRow,
} from '@/features/freight-board/api/types'

type Stage =
  | { step: 'pick' }
  | { step: 'checking' }
  | { step: 'preview'; preview: LoadImportPreview }
  | { step: 'posting'; preview: LoadImportPreview }
  | { step: 'done'; result: LoadImportPosted }

type Progress = { phase: ImportProgressMessage['phase']; done: number; total: number }

/** A bar that follows the server's progress messages (docs/decisions/0248). */
function ProgressBar({ label, progress }: { label: string; progress: Progress | null }) {
  const percent =
    progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm text-slate-700">
        <span>{label}</span>
        <span>{progress ? `${progress.done} of ${progress.total} rows` : 'Starting...'}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-500 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

function RowItem({ row }: { row: LoadImportRow }) {
  const ok = row.errors.length === 0
  return (
    <li
      className={`rounded-lg border p-3 ${ok ? 'border-slate-200 bg-white' : 'border-red-200 bg-red-50'}`}
      aria-label={`Row ${row.row}: ${ok ? 'ready' : `${row.errors.length} error${row.errors.length === 1 ? '' : 's'}`}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">Row {row.row}</span>
        {ok ? (
          <Badge variant="success">
            <CheckCircle2 className="mr-1 h-3 w-3" aria-hidden="true" /> Ready
          </Badge>
        ) : (
          <Badge variant="destructive">
            <XCircle className="mr-1 h-3 w-3" aria-hidden="true" /> Fix in your file
          </Badge>
        )}
      </div>
      {row.load ? (
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-4">
          <div className="sm:col-span-2">
            <dt className="sr-only">Lane</dt>
            <dd>
              {row.load.origin} → {row.load.destination}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Freight</dt>
            <dd>
              {EQUIPMENT_LABELS[row.load.equipment]} {row.load.mode} · {row.load.pallets} pallets ·
              class {row.load.freight_class}
            </dd>
          </div>
          <div className="sm:text-right">
            <dt className="sr-only">Price</dt>
            <dd className="font-medium text-slate-900">{formatCurrency(row.load.price)}</dd>
          </div>
          {row.load.pickup_earliest ? (
            <div className="sm:col-span-4">
              <dt className="inline">Pickup </dt>
              <dd className="inline">{formatDateTime(row.load.pickup_earliest)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {ok ? null : (
        <ul className="mt-2 space-y-1 text-sm text-red-800">
          {row.errors.map((error) => (
            <li key={`${error.column}-${error.message}`}>
              <span className="font-mono">{error.column}</span>: {error.message}
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

/**
 * /loads/import (docs/decisions/0248): pick a CSV of loads, see every row checked as a single
 * post is (errors by row and column; nothing posted), then post them all at once or none, with
 * a progress bar that follows the server.
 */
export function LoadImportPage({ userId }: { userId: number | null }) {
  const { mutate } = useSWRConfig()
  const [stage, setStage] = React.useState<Stage>({ step: 'pick' })
  const [file, setFile] = React.useState<{ name: string; text: string } | null>(null)
  const [fileError, setFileError] = React.useState<string | null>(null)
  const [confirming, setConfirming] = React.useState(false)
  const [progress, setProgress] = React.useState<Progress | null>(null)
  const keys = React.useRef(createSubmissionKeys())
  const input = React.useRef<HTMLInputElement>(null)

  useLiveChannel<ImportProgressMessage>(userId ? userChannel(userId) : null, (message) => {
    if (message?.kind !== 'import_progress') return
    setProgress({ phase: message.phase, done: message.done, total: message.total })
  })

  const check = async (name: string, text: string) => {
    setFile({ name, text })
    setFileError(null)
    setProgress(null)
    setStage({ step: 'checking' })
    try {
      const preview = await previewLoadImport(text)
      setStage({ step: 'preview', preview })
    } catch (failure) {
      setFileError(
        fieldErrorsOf(failure).csv ?? serverMessageOf(failure) ?? 'Could not check the file'
      )
      setStage({ step: 'pick' })
    }
  }

  const pick = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0]
    event.target.value = ''
    if (!picked) return
    if (picked.size > MAX_IMPORT_BYTES) {
      setFileError(`File too large: the limit is ${MAX_IMPORT_BYTES / 1024} KB`)
      return
    }
    await check(picked.name, await picked.text())
  }

  const commit = async () => {
    if (stage.step !== 'preview' || !file) return
    setConfirming(false)
    setProgress(null)
    setStage({ step: 'posting', preview: stage.preview })
    try {
      const result = await commitLoadImport(file.text, keys.current.keyFor(file.text))
      setStage({ step: 'done', result })
      keys.current = createSubmissionKeys()
      void mutate(shipperLoadsKey)
    } catch (failure) {
      setFileError(serverMessageOf(failure) ?? 'Nothing was posted: try again')
      // Check again: the errors now name what changed since the preview.
      await check(file.name, file.text)
    }
  }

  const preview = stage.step === 'preview' || stage.step === 'posting' ? stage.preview : null

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Import Loads</h1>
        <p className="mt-1 text-slate-600">
          Post up to {MAX_IMPORT_ROWS} loads from one CSV file. Every row is checked as a single
          load is; nothing is posted until every row is right, then all are posted at once.
        </p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>1. Your file</CardTitle>
          <CardDescription>
            One load per line under a header of the form's fields; dates in ISO 8601 (e.g.
            2030-03-04T08:00). Only origin_postal, destination_postal and price are required.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild variant="outline">
              <a href={LOAD_IMPORT_EXAMPLE_URL} download>
                <Download className="h-4 w-4" aria-hidden="true" /> Download the example CSV
              </a>
            </Button>
            <input
              ref={input}
              id="load-import-file"
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file of loads"
              tabIndex={-1}
              className="sr-only"
              onChange={(e) => void pick(e)}
              aria-describedby={fileError ? 'load-import-file-error' : undefined}
            />
            <Button
              onClick={() => input.current?.click()}
              disabled={stage.step === 'checking' || stage.step === 'posting'}
            >
              <FileUp className="h-4 w-4" aria-hidden="true" />
              {file ? 'Pick another file' : 'Pick a CSV file'}
            </Button>
          </div>
          {file ? <p className="text-sm text-slate-700">File: {file.name}</p> : null}
          {fileError ? (
            <Alert variant="error" title="This file cannot be posted" id="load-import-file-error">
              {fileError}
            </Alert>
          ) : null}
          {stage.step === 'checking' ? (
            <ProgressBar
              label="Checking rows"
              progress={progress?.phase === 'checking' ? progress : null}
            />
          ) : null}
        </CardContent>
      </Card>

      {preview ? (
        <Card>
          <CardHeader>
            <CardTitle>2. Check the rows</CardTitle>
            <CardDescription>
              {preview.total} row{preview.total === 1 ? '' : 's'}: {preview.valid} ready,{' '}
              {preview.invalid} with errors. Nothing has been posted yet.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {preview.invalid > 0 ? (
              <Alert
                variant="error"
                title={`Fix ${preview.invalid} row${preview.invalid === 1 ? '' : 's'} first`}
              >
                Correct the rows below in your file, save it and pick it again. No load is posted
                while any row has an error.
              </Alert>
            ) : null}
            <ul className="space-y-2" aria-label="Rows of the file">
              {preview.rows.map((row) => (
                <RowItem key={row.row} row={row} />
              ))}
            </ul>
            {stage.step === 'posting' ? (
              <ProgressBar
                label="Posting loads"
                progress={progress?.phase === 'posting' ? progress : null}
              />
            ) : (
              <Button
                onClick={() => setConfirming(true)}
                disabled={preview.invalid > 0}
                className="w-full sm:w-auto"
              >
                <Send className="h-4 w-4" aria-hidden="true" />
                Post {preview.valid} load{preview.valid === 1 ? '' : 's'}
              </Button>
            )}
          </CardContent>
        </Card>
      ) : null}

      {stage.step === 'done' ? (
        <Alert variant="success" title={`${stage.result.posted} loads posted`}>
          They are on the freight board now.{' '}
          <Link className="underline" to={paths.postLoad.getHref()}>
            See them in My Posted Loads
          </Link>
          <span className="mt-2 block">
            Loads:{' '}
            {stage.result.ids.map((id, index) => (
              <React.Fragment key={id}>
                {index > 0 ? ', ' : null}
                <Link className="underline" to={`${paths.postLoad.getHref()}#load-${id}`}>
                  #{id}
                </Link>
              </React.Fragment>
            ))}
          </span>
        </Alert>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={`Post ${preview?.valid ?? 0} loads?`}
        description="Every row is posted to the freight board at once, at its own price; carriers can claim them straight away. Cancel any you do not want from My Posted Loads."
        confirmLabel="Post them all"
        cancelLabel="Not yet"
        confirmVariant="default"
        onConfirm={() => void commit()}
        onCancel={() => setConfirming(false)}
      />
    </main>
  )
}
