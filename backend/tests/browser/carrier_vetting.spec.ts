import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { test } from '@japa/runner'
import User from '#accounts/models/user'
import Carrier from '#fleet/models/carrier'
import RegistrationService from '#accounts/services/registration_service'
import { registerValidator } from '#accounts/validators/account'
import InsuranceService from '#trust/services/insurance_service'
import CarrierIdentityService from '#marketplace/services/carrier_identity_service'
import { businessDayFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'
import { closeBrowser, newPage, sideScroll, signIn, VIEWPORTS } from '#tests/browser_helpers'
import { useTestCensus } from '#tests/vetting'

const REASON = 'Certificate seen by phone; the FMCSA filing is on its way'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')

/** Signs a carrier up as the form does; registration vets it against the census. */
async function signUp(person: {
  email: string
  firstName: string
  lastName: string
  phone: string
  companyName: string
  dotNumber: string
}) {
  const input = await registerValidator.validate({
    ...person,
    password: 'long-enough-secret',
    role: 'carrier',
    termsAccepted: true,
    mcNumber: 'MC-100200',
    businessAddress: '1 Main St',
    city: 'Phoenix',
    state: 'AZ',
    zipCode: '85009',
  })
  const registration = await app.container.make(RegistrationService)
  return registration.register(input, { ip: '127.0.0.1', userAgent: 'browser test' })
}

test.group('Browser: carrier vetting on the approval card', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    drive.fake('fs')
    // This journey reads the demo census file (database/data/fmcsa_census.json), not the fake.
    const manager = await app.container.make('carrier_vetting.manager')
    manager.restore()
    return async () => {
      drive.restore('fs')
      await useTestCensus()
    }
  })
  group.teardown(() => closeBrowser())
  group.each.timeout(120_000)

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px an admin approves a carrier whose vetting passes and rejects one whose insurance is missing`, async ({
      assert,
    }) => {
      await makeUser('admin', { email: 'boss@palletline.test', password: 'adminpass1' })
      const passing = await signUp({
        email: 'pending@palletline.test',
        firstName: 'Travis',
        lastName: 'Nguyen',
        phone: '(602) 555-0164',
        companyName: 'Desert Sun Logistics LLC',
        dotNumber: '3876205',
      })
      const uninsured = await signUp({
        email: 'pending3@palletline.test',
        firstName: 'Dale',
        lastName: 'Halvorsen',
        phone: '(608) 555-0172',
        companyName: 'Badger State Haulers LLC',
        dotNumber: '3998412',
      })
      // The passing carrier sends its certificate while it waits.
      const insurance = await app.container.make(InsuranceService)
      await insurance.upload(
        passing.id,
        { bytes: PDF, kind: { mime: 'application/pdf', extension: 'pdf' } },
        businessDayFromToday(200)
      )

      const { context, page } = await newPage({ viewport })
      await signIn(page, 'boss@palletline.test', 'adminpass1')
      await page.waitForURL('**/admin')
      const list = page.getByRole('list', { name: 'Pending users' })

      const travis = list.getByRole('listitem', { name: 'Travis Nguyen' })
      const passed = travis.getByRole('region', { name: 'FMCSA vetting' })
      await passed
        .getByText(/USDOT 3876205 \(DESERT SUN LOGISTICS LLC\) is allowed to operate/)
        .waitFor()
      await passed
        .getByRole('listitem', { name: 'Liability insurance on file of at least $750,000: Pass' })
        .waitFor()
      await travis.getByText('Verified', { exact: true }).waitFor()
      await travis.getByRole('link', { name: /Insurance certificate/ }).waitFor()

      const dale = list.getByRole('listitem', { name: 'Dale Halvorsen' })
      const failed = dale.getByRole('region', { name: 'FMCSA vetting' })
      await failed
        .getByRole('listitem', { name: 'Liability insurance on file of at least $750,000: Fail' })
        .getByText('No liability insurance on file with FMCSA')
        .waitFor()
      await dale.getByText('No insurance certificate uploaded').first().waitFor()
      await dale.getByText('Not verified').waitFor()
      if (viewport.width < 640) {
        // The card stacks: no horizontal scrolling at phone width.
        assert.isAtMost(await sideScroll(page), 0)
      }

      await page.getByRole('button', { name: 'Approve pending@palletline.test' }).click()
      await page
        .getByRole('button', { name: 'Approve pending@palletline.test' })
        .waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Reject pending3@palletline.test' }).click()
      await page.getByText('No pending approvals').waitFor()

      const approved = await User.findOrFail(passing.id)
      const rejected = await User.findOrFail(uninsured.id)
      assert.equal(approved.approvalStatus, 'approved')
      assert.equal(rejected.approvalStatus, 'rejected')
      const carrier = await Carrier.findByOrFail('userId', passing.id)
      assert.isTrue(carrier.verified)
      const identities = await app.container.make(CarrierIdentityService)
      const profile = (await identities.profiles([carrier.id])).get(carrier.id)!
      assert.isTrue(profile.verified)
      assert.match(profile.label, /^Verified carrier #\d{4}$/)
      const badger = await Carrier.findByOrFail('userId', uninsured.id)
      assert.isFalse(badger.verified)
      assert.match(
        (await identities.profiles([badger.id])).get(badger.id)!.label,
        /^Carrier #\d{4}$/
      )
      await context.close()
    })

    test(`at ${viewport.width} px an admin approves a carrier whose vetting failed only with a reason, and the carrier is told why it cannot take loads and what to do`, async ({
      assert,
    }) => {
      await makeUser('admin', { email: 'boss@palletline.test', password: 'adminpass1' })
      const load = await makeFreightListing(await makeUser('shipper'))
      const uninsured = await signUp({
        email: 'pending3@palletline.test',
        firstName: 'Dale',
        lastName: 'Halvorsen',
        phone: '(608) 555-0172',
        companyName: 'Badger State Haulers LLC',
        dotNumber: '3998412',
      })

      const admin = await newPage({ viewport })
      await signIn(admin.page, 'boss@palletline.test', 'adminpass1')
      await admin.page.waitForURL('**/admin')
      await admin.page.getByRole('button', { name: 'Approve pending3@palletline.test' }).click()
      // Not one click: the dialog shows the failing checks and asks for a reason.
      const dialog = admin.page.getByRole('alertdialog', {
        name: 'Approve Dale Halvorsen although its vetting failed?',
      })
      const failing = dialog.getByRole('region', { name: 'Failing checks' })
      await failing.getByText('No liability insurance on file with FMCSA').waitFor()
      await dialog.getByRole('button', { name: 'Approve anyway' }).click()
      await dialog.getByText('Give the reason for approving this carrier').waitFor()
      assert.equal((await User.findOrFail(uninsured.id)).approvalStatus, 'pending')

      await dialog.getByLabel('Reason for approving').fill(REASON)
      await dialog.getByRole('button', { name: 'Approve anyway' }).click()
      await dialog.waitFor({ state: 'hidden' })
      await admin.page.getByText('No pending approvals').waitFor()
      assert.equal((await User.findOrFail(uninsured.id)).approvalStatus, 'approved')
      // The reason is kept with the admin in the carrier's standing history.
      const kept = await db
        .from('account_standing_changes')
        .where('user_id', uninsured.id)
        .where('action', 'approved')
      assert.lengthOf(kept, 1)
      assert.equal(kept[0].reason, REASON)
      await admin.context.close()

      // The carrier signs in: the board says why it cannot hold or claim, and what fixes it,
      // instead of buttons that could only fail.
      const carrier = await newPage({ viewport })
      await signIn(carrier.page, 'pending3@palletline.test', 'long-enough-secret')
      await carrier.page.waitForURL('**/carrier')
      await carrier.page.goto('/freight-board')
      const notice = carrier.page.getByRole('region', {
        name: 'Your carrier vetting did not pass: you cannot hold or claim loads yet',
      })
      await notice.getByText('No liability insurance on file with FMCSA').waitFor()
      await notice
        .getByText('Have your insurer file at least $750,000 of liability cover with FMCSA.')
        .waitFor()
      const card = carrier.page.getByRole('listitem', { name: new RegExp(`^Load #${load.id}:`) })
      const claim = card.getByRole('button', { name: `Claim Load #${load.id}` })
      const hold = card.getByRole('button', { name: `Hold (30m) load #${load.id}` })
      await claim.waitFor()
      assert.isTrue(await claim.isDisabled())
      assert.isTrue(await hold.isDisabled())
      await card.getByText('Not until your vetting passes: see above').waitFor()
      if (viewport.width < 640) {
        const overflow = await carrier.page.evaluate(() => {
          const root = (globalThis as any).document.documentElement
          return (root.scrollWidth - root.clientWidth) as number
        })
        assert.isAtMost(overflow, 0)
      }
      await carrier.context.close()
    })
  }
})
