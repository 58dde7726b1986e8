import { Link, useSearchParams } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { Alert } from '@/components/ui/alert'
import { Card, CardContent } from '@/components/ui/card'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { shipperLoadsKey } from '@/features/freight-board/api/get-shipper-loads'
import { loadTemplatesKey, useLoadTemplates } from '@/features/freight-board/api/load-templates'
import type { RenderFundingForm } from '@/features/freight-board/components/fund-load-dialog'
import { MyPostedLoads } from '@/features/freight-board/components/my-posted-loads'
import { PostLoadForm } from '@/features/freight-board/components/post-load-form'
import { valuesFromTemplate } from '@/features/freight-board/utils/post-load-form'

/** The form, blank or filled from `?template=<id>` (docs/decisions/0248). */
function PostLoadFormFor({ templateId }: { templateId: number | null }) {
  const { mutate } = useSWRConfig()
  const templates = useLoadTemplates()
  const onPosted = () => void mutate(shipperLoadsKey)
  const onTemplateSaved = () => void mutate(loadTemplatesKey)
  if (templateId === null) {
    return <PostLoadForm onPosted={onPosted} onTemplateSaved={onTemplateSaved} />
  }
  if (templates.error && !templates.data) {
    return (
      <LoadError
        title="Could not load the template"
        error={templates.error}
        onRetry={() => void templates.mutate()}
        retrying={templates.isValidating}
      />
    )
  }
  if (!templates.data) {
    return (
      <Card aria-busy="true" aria-label="Loading the template">
        <CardContent className="space-y-4 pt-6">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </CardContent>
      </Card>
    )
  }
  const template = templates.data.templates.find((t) => t.id === templateId)
  if (!template) {
    return (
      <div className="space-y-4">
        <Alert variant="info" title="Template not found">
          It may have been deleted. Pick another in{' '}
          <Link className="underline" to={paths.loadTemplates.getHref()}>
            Load Templates
          </Link>{' '}
          or fill in the form.
        </Alert>
        <PostLoadForm onPosted={onPosted} onTemplateSaved={onTemplateSaved} />
      </div>
    )
  }
  return (
    <PostLoadForm
      key={template.id}
      initialValues={valuesFromTemplate(template.form)}
      templateName={template.name}
      onPosted={onPosted}
      onTemplateSaved={onTemplateSaved}
    />
  )
}

/**
 * /post-load: a shipper publishes a load, then follows it in My Posted Loads below. The app
 * passes `renderFundingForm` (the payments card form) to offer Fund by card.
 */
export function PostLoadPage({ renderFundingForm }: { renderFundingForm?: RenderFundingForm }) {
  const [params] = useSearchParams()
  const raw = params.get('template')
  const templateId = raw && /^\d+$/.test(raw) ? Number(raw) : null
  return (
    <main className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Post a Load</h1>
        <p className="mt-1 text-slate-600">
          Publish a load to the freight board; approved carriers can hold it for 30 minutes or claim
          it at your price. Repeat loads:{' '}
          <Link className="text-brand-700 underline" to={paths.loadTemplates.getHref()}>
            templates
          </Link>{' '}
          and{' '}
          <Link className="text-brand-700 underline" to={paths.loadImport.getHref()}>
            CSV import
          </Link>
          .
        </p>
      </header>
      <PostLoadFormFor templateId={templateId} />
      <MyPostedLoads renderFundingForm={renderFundingForm} />
    </main>
  )
}
