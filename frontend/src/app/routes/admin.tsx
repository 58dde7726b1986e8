import { AdminDashboard } from '@/features/admin/components/admin-dashboard'
import { ProfileForm } from '@/features/auth/components/profile-form'

export default function AdminRoute() {
  return (
    <AdminDashboard
      accountPanel={
        <ProfileForm title="Your Account" description="The admin account you are signed in with." />
      }
    />
  )
}
