import * as React from 'react'
import { Link } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { Copy, Pencil, Send, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { EQUIPMENT_LABELS, MODE_LABELS } from '@/config/freight-labels'
import { paths } from '@/config/paths'
import { serverMessageOf } from '@/lib/api-errors'
import { formatCurrency } from '@/lib/format'
import {
  deleteLoadTemplate,
  loadTemplatesKey,
  renameLoadTemplate,
  useLoadTemplates,
} from '@/features/freight-board/api/load-templates'
import type { LoadTemplate } from '@/features/freight-board/api/types'
import { TemplateNameDialog } from '@/features/freight-board/components/template-name-dialog'

/** What a template posts, in one line: the lane, equipment and mode, pallets and price. */
function templateSummary({ form }: LoadTemplate) {
  const parts = [
    `${form.origin.postal} → ${form.destination.postal}`,
    form.equipment ? EQUIPMENT_LABELS[form.equipment] : null,
    form.mode ? MODE_LABELS[form.mode] : null,
    form.pallets ? `${form.pallets} pallets` : null,
    form.commodity ?? null,
    form.price === null || form.price === undefined ? null : formatCurrency(form.price),
    form.allow_offers ? 'takes offers' : null,
  ]
  return parts.filter(Boolean).join(' · ')
}

/**
 * /loads/templates (docs/decisions/0248): the company's load templates, each posted again from
 * the form, renamed or deleted (with a confirm).
 */
export function LoadTemplatesPage() {
  const { mutate } = useSWRConfig()
  const { data, error, isValidating, mutate: reload } = useLoadTemplates()
  const [renaming, setRenaming] = React.useState<LoadTemplate | null>(null)
  const [deleting, setDeleting] = React.useState<LoadTemplate | null>(null)
  const [busy, setBusy] = React.useState(false)

  const remove = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await deleteLoadTemplate(deleting.id)
      toast({ variant: 'success', title: `Template "${deleting.name}" deleted` })
      setDeleting(null)
      await mutate(loadTemplatesKey)
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessageOf(failure) ?? 'Could not delete the template',
      })
    } finally {
      setBusy(false)
    }
  }

  let body: React.ReactNode
  if (error && !data) {
    body = (
      <LoadError
        title="Could not load your templates"
        error={error}
        onRetry={() => void reload()}
        retrying={isValidating}
      />
    )
  } else if (!data) {
    body = (
      <ul aria-busy="true" aria-label="Loading templates" className="space-y-3">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton className="h-20 w-full" />
          </li>
        ))}
      </ul>
    )
  } else if (data.templates.length === 0) {
    body = (
      <EmptyState
        icon={Copy}
        title="No templates yet"
        description="Fill in the Post a Load form and choose Save as template, or save one of your posted loads. Dates are never kept."
        action={
          <Button asChild>
            <Link to={paths.postLoad.getHref()}>Post a Load</Link>
          </Button>
        }
      />
    )
  } else {
    body = (
      <>
        <p className="text-sm text-slate-600">
          {data.templates.length} of {data.limit} templates
        </p>
        <ul className="space-y-3" aria-label="Load templates">
          {data.templates.map((template) => (
            <li
              key={template.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{template.name}</p>
                <p className="text-sm text-slate-600">{templateSummary(template)}</p>
              </div>
              <div className="flex flex-wrap gap-2 sm:shrink-0 sm:flex-nowrap">
                <Button asChild size="sm">
                  <Link
                    to={paths.postLoad.getHref(template.id)}
                    aria-label={`Post from template ${template.name}`}
                  >
                    <Send className="h-4 w-4" aria-hidden="true" /> Post from template
                  </Link>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setRenaming(template)}
                  aria-label={`Rename template ${template.name}`}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" /> Rename
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setDeleting(template)}
                  aria-label={`Delete template ${template.name}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </>
    )
  }

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Load Templates</h1>
        <p className="mt-1 text-slate-600">
          Loads your company ships again and again. Post from one and add the dates; or{' '}
          <Link className="text-brand-700 underline" to={paths.loadImport.getHref()}>
            import many loads from a CSV
          </Link>
          .
        </p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>Your templates</CardTitle>
          <CardDescription>Shared by everyone in your company who posts loads.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">{body}</CardContent>
      </Card>
      <TemplateNameDialog
        open={renaming !== null}
        title="Rename template"
        description="A name your company does not use yet."
        initialName={renaming?.name ?? ''}
        confirmLabel="Rename"
        onClose={() => setRenaming(null)}
        onSave={async (name) => {
          await renameLoadTemplate(renaming!.id, name)
          await mutate(loadTemplatesKey)
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this template?"
        description={`"${deleting?.name ?? ''}" is deleted for everyone in your company. Loads posted from it stay as they are.`}
        confirmLabel="Delete template"
        busyLabel="Deleting..."
        cancelLabel="Keep it"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </main>
  )
}
