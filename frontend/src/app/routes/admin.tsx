import { AdminDashboard } from '@/features/admin/components/admin-dashboard'
import { ProfileForm } from '@/features/auth/components/profile-form'
import { TerminalsAdmin } from '@/features/drayage/components/terminals-admin'

export default function AdminRoute() {
  return (
    <AdminDashboard
      terminals={<TerminalsAdmin />}
      accountPanel={
        <ProfileForm title="Your Account" description="The admin account you are signed in with." />
      }
    />
  )
}
