import { AgreementPage } from '@/features/legal/components/agreement-page'

export default function AgreementRoute() {
  return <AgreementPage />
}
