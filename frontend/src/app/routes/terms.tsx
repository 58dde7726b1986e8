import { TermsPage } from '@/features/legal/components/terms-page'

export default function TermsRoute() {
  return <TermsPage />
}
