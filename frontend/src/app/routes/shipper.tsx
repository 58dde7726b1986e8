import { ShipperDashboard } from '@/features/shipper/components/shipper-dashboard'
import { ProfileForm } from '@/features/auth/components/profile-form'

export default function ShipperRoute() {
  return <ShipperDashboard accountPanel={<ProfileForm />} />
}
