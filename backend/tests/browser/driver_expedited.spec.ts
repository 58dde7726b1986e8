/*
 * Proof of delivery of an expedited job from the driver's phone (issue 37, docs/decisions/0263):
 * the assigned driver opens the job from /drive ("Open stops and proof of delivery"), records
 * each step in order (a photo when loaded, one step offline and sent once back online, the
 * consignee's signature drawn on the screen with a photo at the delivery); the shipper's
 * Expedited section follows live and offers the signed POD. At 390 px first, and at 1280 px.
 */
import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Page } from 'playwright-core'
import { expeditedReference } from '#core/reference'
import ExpeditedJob from '#logistics/models/expedited_job'
import { companyFor, makeMember } from '#accounts/tests/companies'
import { makeExpeditedJob } from '#logistics/tests/expedited_helpers'
import { baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import {
  closeBrowser,
  launchBrowser,
  seriousViolations,
  signIn,
  subscribed,
} from '#tests/browser_helpers'
import { PHOTO_JPEG } from '#tms/tests/stop_event_fixtures'

const SHOTS = process.env.SHOTS_DIR

async function shot(page: Page, name: string, width: number) {
  if (!SHOTS) return
  await mkdir(SHOTS, { recursive: true })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
}

const count = async (jobId: number, type?: string) => {
  const query = db.from('expedited_stop_events').where('expedited_job_id', jobId)
  if (type) query.where('type', type)
  return Number((await query.count('* as n'))[0].n)
}

const stepCard = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Steps' }).getByRole('listitem').filter({ hasText: label })

async function record(page: Page, label: string) {
  await page.getByRole('button', { name: `Record: ${label}` }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByRole('button', { name: 'Record' }).click()
  await dialog.waitFor({ state: 'detached' })
}

test.group('Browser: an expedited job’s proof of delivery from the driver’s phone', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(180_000)
  group.teardown(() => closeBrowser())

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`each step, an offline one, a signature and a photo; the shipper sees it delivered (${viewport.width} px)`, async ({
      assert,
    }) => {
      const owner = await makeUser('carrier', { isApproved: true })
      await companyFor(owner)
      const driver = await makeMember(owner, 'driver', {
        email: `dana${viewport.width}@carriers.test`,
        firstName: 'Dana',
      })
      const shipper = await makeUser('shipper', { password: 'shipperpass1' })
      // Accepted and assigned to the driver; no distance, so its delivery is never too soon
      // for it (decision 0166) however fast the journey runs (0.05 mi took 3 s and once failed).
      const job = await makeExpeditedJob(shipper, {
        status: 'ACCEPTED',
        carrierId: (await carrierOf(owner)).id,
        acceptedAt: DateTime.now(),
        distanceMiles: 0,
        driverUserId: driver.id,
        driverAssignedBy: owner.id,
        driverAssignedAt: DateTime.now(),
      })
      const reference = expeditedReference(job.id)

      // The shipper watches its expedited jobs.
      const browser = await launchBrowser()
      const shipperContext = await browser.newContext({ baseURL: baseUrl(), viewport })
      const shipperPage = await shipperContext.newPage()
      await signIn(shipperPage, shipper.email, 'shipperpass1')
      await shipperPage.waitForURL('**/shipper')
      const listening = subscribed(shipperPage, `expedited/shipper/${shipper.id}`)
      await shipperPage.goto('/shipper#expedited')
      await listening
      const shipperCard = shipperPage.getByRole('listitem', { name: new RegExp(`^${reference} `) })
      await shipperCard.waitFor()

      // The driver's phone, with its position shared, opens the job from its work.
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport,
        permissions: ['geolocation'],
        geolocation: { latitude: 41.8858, longitude: -87.6181, accuracy: 12 },
      })
      const page = await context.newPage()
      await signIn(page, driver.email, 'secret123')
      await page.waitForURL('**/drive')
      await page.getByRole('link', { name: 'Open stops and proof of delivery' }).waitFor()
      await shot(page, 'expedited-drive-work', viewport.width)
      await page
        .getByRole('article', { name: new RegExp(reference) })
        .getByRole('link', { name: 'Open stops and proof of delivery' })
        .click()
      await page.waitForURL(`**/drive/expedited/${job.id}`)
      await page.getByText(`Driver · ${reference}`).waitFor()
      assert.include(await page.locator('[aria-current="step"]').innerText(), 'Arrived at pickup')
      assert.deepEqual(await seriousViolations(page), [])
      await shot(page, 'expedited-stops-start', viewport.width)

      await record(page, 'Arrived at pickup')
      await stepCard(page, 'Arrived at pickup').getByText('Sent').waitFor()
      await shipperCard.getByText('Arrived at pickup').waitFor({ timeout: 5_000 })

      // Loaded: pieces, seal and a camera photo; the shipper sees the job picked up, live.
      await page.getByLabel('Pieces loaded').fill('3')
      await page.getByLabel('Seal number (if sealed)').fill('SL-7731')
      await page
        .locator('#loaded-photo')
        .setInputFiles({ name: 'load.jpg', mimeType: 'image/jpeg', buffer: PHOTO_JPEG })
      await page.getByRole('img', { name: 'Photo 1' }).waitFor()
      await shot(page, 'expedited-stops-loaded', viewport.width)
      await record(page, 'Loaded')
      await stepCard(page, 'Loaded').getByText('Sent').waitFor()
      await shipperCard.getByText('Picked up', { exact: true }).waitFor({ timeout: 5_000 })

      await record(page, 'Departed pickup')
      await stepCard(page, 'Departed pickup').getByText('Sent').waitFor()

      // On board, the /drive card's delivery is "Record delivery": this screen, never a bare
      // status (docs/decisions/0264).
      await page.goto('/drive')
      const card = page.getByRole('article', { name: new RegExp(reference) })
      const recordDelivery = card.getByRole('link', { name: `Record delivery of ${reference}` })
      await recordDelivery.waitFor()
      assert.equal(await card.getByRole('button', { name: 'Delivered' }).count(), 0)
      await shot(page, 'expedited-drive-record-delivery', viewport.width)
      await recordDelivery.click()
      await page.waitForURL(`**/drive/expedited/${job.id}`)
      await page.getByText(`Driver · ${reference}`).waitFor()

      // Arrived at delivery with no network: queued on the phone, sent once back online.
      await context.setOffline(true)
      await page.getByText('You are offline').waitFor()
      await record(page, 'Arrived at delivery')
      await stepCard(page, 'Arrived at delivery')
        .getByText('Queued, will send when online')
        .waitFor()
      await shot(page, 'expedited-stops-offline', viewport.width)
      assert.equal(await count(job.id, 'arrived_delivery'), 0)
      await context.setOffline(false)
      await stepCard(page, 'Arrived at delivery').getByText('Sent').waitFor({ timeout: 10_000 })
      assert.equal(await count(job.id, 'arrived_delivery'), 1)

      // Delivered: the consignee's name and signature drawn on the screen, and a photo.
      await page.getByLabel('Consignee’s name').fill('Rita Receiver')
      await page.getByTestId('signature-pad').scrollIntoViewIfNeeded()
      const pad = await page.getByTestId('signature-pad').boundingBox()
      assert.isNotNull(pad)
      await page.mouse.move(pad!.x + 20, pad!.y + 60)
      await page.mouse.down()
      for (const [dx, dy] of [
        [60, 20],
        [100, 80],
        [150, 30],
        [200, 90],
      ]) {
        await page.mouse.move(pad!.x + dx, pad!.y + dy, { steps: 5 })
      }
      await page.mouse.up()
      await page.getByText('Signed. Clear to sign again.').waitFor()
      await page
        .locator('#delivered-photo')
        .setInputFiles({ name: 'freight.jpg', mimeType: 'image/jpeg', buffer: PHOTO_JPEG })
      await page.getByRole('img', { name: 'Photo 1' }).waitFor()
      assert.deepEqual(await seriousViolations(page), [])
      await shot(page, 'expedited-stops-deliver', viewport.width)
      await record(page, 'Delivered')
      await page.getByText('Delivered and signed').waitFor({ timeout: 15_000 })
      await shot(page, 'expedited-stops-done', viewport.width)

      const stored = await ExpeditedJob.findOrFail(job.id)
      assert.equal(stored.status, 'DELIVERED')
      assert.equal(await count(job.id), 5)
      const photos = await db
        .from('expedited_stop_event_photos')
        .where('expedited_job_id', job.id)
        .whereNotNull('stop_event_id')
      assert.lengthOf(photos, 2)

      // The shipper's card says Delivered, live, and offers the signed POD.
      await shipperCard.getByText('Delivered', { exact: true }).first().waitFor({ timeout: 5_000 })
      const pod = shipperCard.getByRole('link', { name: 'Proof of delivery (PDF)' })
      await pod.waitFor({ timeout: 5_000 })
      assert.equal(await pod.getAttribute('href'), `/api/expedited-jobs/${job.id}/pod`)
      const download = await shipperPage.request.get(`/api/expedited-jobs/${job.id}/pod`)
      assert.equal(download.status(), 200)
      assert.equal(download.headers()['content-type'], 'application/pdf')
      await shot(shipperPage, 'expedited-shipper-delivered', viewport.width)

      // The signed POD is in the shipper's Document Hub too (decision 0265).
      await shipperPage.goto('/tms')
      await shipperPage.getByRole('tab', { name: 'Document Hub' }).click()
      const hubRow = shipperPage
        .getByRole('list', { name: 'Documents' })
        .getByRole('listitem')
        .filter({ hasText: `${reference} · Expedited job` })
      await hubRow.getByText('Proof of delivery').waitFor({ timeout: 15_000 })
      assert.equal(
        await hubRow.getByRole('link', { name: /Download/ }).getAttribute('href'),
        `/api/expedited-jobs/${job.id}/pod`
      )
      assert.deepEqual(await seriousViolations(shipperPage), [])
      await shot(shipperPage, 'expedited-document-hub-shipper', viewport.width)

      for (const p of [page, shipperPage]) {
        const width = await p.evaluate(
          () => (globalThis as any).document.documentElement.scrollWidth as number
        )
        assert.isAtMost(width, viewport.width)
      }
      await context.close()
      await shipperContext.close()
    })
  }
})
