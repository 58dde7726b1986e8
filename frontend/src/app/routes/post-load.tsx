import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { paths } from '@/config/paths'
import type { FundingFormProps } from '@/features/freight-board/components/fund-load-dialog'
import { PostLoadPage } from '@/features/freight-board/components/post-load-page'
import { CardPaymentForm } from '@/features/payments/components/card-payment-form'

// A load is funded with the same card form as a booking; Stripe's redirects come back here.
function renderFundingForm(form: FundingFormProps) {
  return <CardPaymentForm {...form} returnPath={paths.postLoad.getHref()} />
}

export default function PostLoadRoute() {
  return (
    <WithBackToDashboard>
      <PostLoadPage renderFundingForm={renderFundingForm} />
    </WithBackToDashboard>
  )
}
