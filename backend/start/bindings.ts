/*
 * Contracts one module declares and another implements, so module dependencies point one way
 * (docs/architecture.md, "Modules"): fleet asks marketplace about bookings through FleetBookings,
 * marketplace asks payments about a booking's payment through BookingPayments, payments tells
 * the freight board about a load's card charge through FundedLoads and logistics about an
 * expedited job's through PaidExpeditedJobs, marketplace asks the TMS to
 * cancel a partner booking's shipment through PartnerShipments, trust to re-check a carrier's
 * vetting at dispatch through DispatchVetting and reviews for carriers' records through
 * CarrierRecords, reviews asks tms for DELIVERED milestones through DeliveryMilestones, accounts
 * tells payments about a changed email or phone through AccountChangeGuard, marketplace asks
 * finance to price the accessorials asked for at booking through BookingAccessorials, and the
 * TMS for a booking's proof of delivery and exceptions through DeliveryEvidence, and to issue a
 * paid booking's rate confirmation through RateConfirmationIssuer, and the TMS asks finance to
 * record a driver's stop times through StopTimes (docs/decisions/0243), and logistics for
 * expedited jobs' signed proofs of delivery for the Document Hub through ExpeditedProofs
 * (docs/decisions/0265).
 */
import app from '@adonisjs/core/services/app'
import { FleetBookings } from '#fleet/contracts/fleet_bookings'
import { BookingPayments } from '#marketplace/contracts/booking_payments'
import { FundedLoads } from '#payments/contracts/funded_loads'
import { PaidExpeditedJobs } from '#payments/contracts/paid_expedited_jobs'
import { PartnerShipments } from '#marketplace/contracts/partner_shipments'
import { AccountChangeGuard } from '#accounts/contracts/account_changes'
import { DispatchVetting } from '#marketplace/contracts/dispatch_vetting'
import { CarrierRecords } from '#marketplace/contracts/carrier_records'
import { DeliveryMilestones } from '#reviews/contracts/delivery_milestones'
import { BookingAccessorials } from '#marketplace/contracts/booking_accessorials'
import { DeliveryEvidence } from '#marketplace/contracts/delivery_evidence'
import { RateConfirmationIssuer } from '#marketplace/contracts/rate_confirmation_issuer'
import { StopTimes } from '#tms/contracts/stop_times'
import { ExpeditedProofs } from '#tms/contracts/expedited_proofs'

/**
 * Each implementation's module, imported on its first use and kept: a binding is resolved on
 * every request that needs it, and a dynamic `import()` of a loaded module still goes through
 * the module loader each time (docs/decisions/0197).
 */
function importedOnce<T>(load: () => Promise<T>) {
  let loaded: Promise<T> | undefined
  return () => (loaded ??= load())
}

const carrierBookingsServiceModule = importedOnce(
  () => import('#marketplace/services/carrier_bookings_service')
)
const bookingPaymentsProviderModule = importedOnce(
  () => import('#payments/services/booking_payments_provider')
)
const fundedLoadsProviderModule = importedOnce(
  () => import('#freight_board/services/funded_loads_provider')
)
const expeditedPaymentsProviderModule = importedOnce(
  () => import('#logistics/services/expedited_payments_provider')
)
const partnerCancellationServiceModule = importedOnce(
  () => import('#tms/services/partner_cancellation_service')
)
const accountChangeGuardProviderModule = importedOnce(
  () => import('#payments/services/account_change_guard_provider')
)
const dispatchVettingProviderModule = importedOnce(
  () => import('#trust/services/dispatch_vetting_provider')
)
const carrierRecordsProviderModule = importedOnce(
  () => import('#reviews/services/carrier_records_provider')
)
const deliveryMilestonesProviderModule = importedOnce(
  () => import('#tms/services/delivery_milestones_provider')
)
const bookingAccessorialsProviderModule = importedOnce(
  () => import('#finance/services/booking_accessorials_provider')
)
const deliveryEvidenceProviderModule = importedOnce(
  () => import('#tms/services/delivery_evidence_provider')
)
const rateConfirmationIssuerProviderModule = importedOnce(
  () => import('#tms/services/rate_confirmation_issuer_provider')
)

app.container.bind(FleetBookings, async (resolver) => {
  const { default: CarrierBookingsService } = await carrierBookingsServiceModule()
  return resolver.make(CarrierBookingsService)
})

app.container.bind(BookingPayments, async (resolver) => {
  const { default: BookingPaymentsProvider } = await bookingPaymentsProviderModule()
  return resolver.make(BookingPaymentsProvider)
})

app.container.bind(FundedLoads, async (resolver) => {
  const { default: FundedLoadsProvider } = await fundedLoadsProviderModule()
  return resolver.make(FundedLoadsProvider)
})

app.container.bind(PaidExpeditedJobs, async () => {
  const { default: ExpeditedPaymentsProvider } = await expeditedPaymentsProviderModule()
  return new ExpeditedPaymentsProvider()
})

app.container.bind(PartnerShipments, async (resolver) => {
  const { default: PartnerCancellationService } = await partnerCancellationServiceModule()
  return resolver.make(PartnerCancellationService)
})

app.container.bind(AccountChangeGuard, async (resolver) => {
  const { default: AccountChangeGuardProvider } = await accountChangeGuardProviderModule()
  return resolver.make(AccountChangeGuardProvider)
})

app.container.bind(DispatchVetting, async (resolver) => {
  const { default: DispatchVettingProvider } = await dispatchVettingProviderModule()
  return resolver.make(DispatchVettingProvider)
})

app.container.bind(CarrierRecords, async (resolver) => {
  const { default: CarrierRecordsProvider } = await carrierRecordsProviderModule()
  return resolver.make(CarrierRecordsProvider)
})

app.container.bind(DeliveryMilestones, async (resolver) => {
  const { default: DeliveryMilestonesProvider } = await deliveryMilestonesProviderModule()
  return resolver.make(DeliveryMilestonesProvider)
})

app.container.bind(BookingAccessorials, async (resolver) => {
  const { default: BookingAccessorialsProvider } = await bookingAccessorialsProviderModule()
  return resolver.make(BookingAccessorialsProvider)
})

app.container.bind(DeliveryEvidence, async (resolver) => {
  const { default: DeliveryEvidenceProvider } = await deliveryEvidenceProviderModule()
  return resolver.make(DeliveryEvidenceProvider)
})

app.container.bind(RateConfirmationIssuer, async (resolver) => {
  const { default: RateConfirmationIssuerProvider } = await rateConfirmationIssuerProviderModule()
  return resolver.make(RateConfirmationIssuerProvider)
})

const stopTimesProviderModule = importedOnce(() => import('#finance/services/stop_times_provider'))

app.container.bind(StopTimes, async (resolver) => {
  const { default: StopTimesProvider } = await stopTimesProviderModule()
  return resolver.make(StopTimesProvider)
})

const expeditedProofsProviderModule = importedOnce(
  () => import('#logistics/services/expedited_proofs_provider')
)

app.container.bind(ExpeditedProofs, async () => {
  const { default: ExpeditedProofsProvider } = await expeditedProofsProviderModule()
  return new ExpeditedProofsProvider()
})
