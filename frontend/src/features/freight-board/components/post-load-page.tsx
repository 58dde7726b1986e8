import { useSWRConfig } from 'swr'
import { shipperLoadsKey } from '@/features/freight-board/api/get-shipper-loads'
import type { RenderFundingForm } from '@/features/freight-board/components/fund-load-dialog'
import { MyPostedLoads } from '@/features/freight-board/components/my-posted-loads'
import { PostLoadForm } from '@/features/freight-board/components/post-load-form'

/**
 * /post-load: a shipper publishes a load, then follows it in My Posted Loads below. The app
 * passes `renderFundingForm` (the payments card form) to offer Fund by card.
 */
export function PostLoadPage({ renderFundingForm }: { renderFundingForm?: RenderFundingForm }) {
  const { mutate } = useSWRConfig()
  return (
    <main className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Post a Load</h1>
        <p className="mt-1 text-slate-600">
          Publish a load to the freight board; approved carriers can hold it for 30 minutes or claim
          it at your price.
        </p>
      </header>
      <PostLoadForm onPosted={() => void mutate(shipperLoadsKey)} />
      <MyPostedLoads renderFundingForm={renderFundingForm} />
    </main>
  )
}
