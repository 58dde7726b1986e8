import { LandingPage } from '@/features/marketing/components/landing-page'

export default function LandingRoute() {
  return <LandingPage />
}
