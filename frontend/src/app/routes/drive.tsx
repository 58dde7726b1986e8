import { DriverWorkPage } from '@/features/driver/components/driver-work-page'

/** /drive: a driver's work on the phone (decision 0237); the layout's live notices refresh it. */
export default function DriveRoute() {
  return <DriverWorkPage />
}
