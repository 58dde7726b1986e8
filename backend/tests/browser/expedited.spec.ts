import { test } from '@japa/runner'
import ExpeditedJob from '#logistics/models/expedited_job'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeTruck } from '#tests/factories'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'
import { formatUsd, splitPayout, toCents } from '#core/money'

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]

test.group('Browser: an expedited job, requested, accepted and driven', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): the shipper’s ETA moves with the driver`, async ({
      assert,
    }) => {
      await makeUser('shipper', { email: 'sam@shipper.test', password: 'secret123' })
      const carrier = await makeUser('carrier', {
        email: 'eve@express.test',
        password: 'secret123',
        isApproved: true,
      })
      await makeTruck(carrier, { truckType: 'box_truck', capacity: 6 })
      const company = (await carrierOf(carrier)).companyName

      // The shipper requests a sprinter from Chicago to Detroit within 12 hours.
      const shipper = await newPage({ viewport })
      await signIn(shipper.page, 'sam@shipper.test', 'secret123')
      await shipper.page.waitForURL('**/shipper')
      await shipper.page.goto('/shipper#expedited')
      const form = shipper.page.getByRole('form', { name: 'Request an expedited job' })
      await form.getByLabel('Pickup ZIP').fill('60601')
      await form.getByLabel('Delivery ZIP').fill('48201')
      await form.getByLabel('Pallets').fill('2')
      await form.getByRole('button', { name: 'Request expedited job' }).click()
      await shipper.page
        .getByText(/offered to 1 carrier\./)
        .first()
        .waitFor()
      const job = await ExpeditedJob.firstOrFail()
      const ref = `EXP-${String(job.id).padStart(3, '0')}`
      const shipperCard = shipper.page
        .getByRole('list', { name: 'My expedited jobs' })
        .getByRole('listitem', { name: new RegExp(`^${ref} `) })
      await shipperCard.getByText('Requested', { exact: true }).waitFor()
      assert.include(await shipperCard.innerText(), 'Waiting for a position')

      // The carrier sees it offered and accepts it.
      const driver = await newPage({ viewport })
      await signIn(driver.page, 'eve@express.test', 'secret123')
      await driver.page.waitForURL('**/carrier')
      await driver.page.goto('/carrier#expedited')
      // Its pay, the payout split of the price; never the shipper's price (decision 0188).
      const offer = driver.page
        .getByRole('list', { name: 'Offered expedited jobs' })
        .getByRole('listitem', { name: new RegExp(`^${ref} `) })
      const pay = formatUsd(splitPayout(toCents(job.price)).payoutCents)
      await offer.getByText(pay).waitFor()
      assert.notInclude(await offer.innerText(), formatUsd(toCents(job.price)))
      await driver.page.getByRole('button', { name: `Accept ${ref}` }).click()
      await driver.page.getByText(`${ref} accepted`).first().waitFor()
      const mine = driver.page
        .getByRole('list', { name: 'My expedited jobs' })
        .getByRole('listitem', { name: new RegExp(`^${ref} `) })
      await mine.getByText(company).waitFor()

      // The driver reports from Gary, IN (typed ZIP), picks up, then reports from Ann Arbor.
      await mine.getByLabel('ZIP').fill('46402')
      await mine.getByRole('button', { name: 'Send position' }).click()
      await mine.getByText(/Last position sent/).waitFor()
      const eta = shipperCard.getByTestId('expedited-eta')
      // The shipper sees the carrier by its anonymous label (docs/decisions/0157).
      await shipperCard.getByText(/Verified carrier #\d{4}/).waitFor({ timeout: 20_000 })
      assert.notInclude(await shipperCard.innerText(), company)
      await eta.getByText(/\d/).waitFor({ timeout: 20_000 })
      const first = await eta.innerText()
      await job.refresh()
      const firstEta = job.eta!

      await mine.getByRole('button', { name: 'Mark picked up' }).click()
      await driver.page.getByText(`${ref} picked up`).first().waitFor()
      await mine.getByLabel('Latitude').fill('42.2808')
      await mine.getByLabel('Longitude').fill('-83.743')
      await mine.getByRole('button', { name: 'Send position' }).click()
      await shipperCard.getByText('Picked up', { exact: true }).waitFor({ timeout: 20_000 })
      // The shipper's list polls: the ETA shown changes without a reload.
      for (let i = 0; (await eta.innerText()) === first; i++) {
        if (i > 100) throw new Error(`the ETA stayed at ${first}`)
        await shipper.page.waitForTimeout(200)
      }
      await job.refresh()
      assert.equal(job.status, 'PICKED_UP')
      assert.isTrue(job.eta! < firstEta, 'nearer the delivery, the ETA comes earlier')
      assert.deepEqual(job.driverGeo, { lat: 42.2808, lng: -83.743 })
      assert.isTrue(
        await shipper.page
          .getByRole('img', { name: new RegExp(`Map of expedited job ${ref}`) })
          .isVisible()
      )

      await shipper.context.close()
      await driver.context.close()
    })
  }
})
