import { CarrierDashboard } from '@/features/carrier/components/carrier-dashboard'
import { ProfileForm } from '@/features/auth/components/profile-form'

export default function CarrierRoute() {
  return (
    <CarrierDashboard
      accountPanel={
        <ProfileForm title="Account" description="The carrier account you are signed in with." />
      }
    />
  )
}
