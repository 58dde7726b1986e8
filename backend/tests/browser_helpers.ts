import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { baseUrl } from '#tests/helpers'

let browser: Browser | undefined

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export async function launchBrowser() {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  })
  return browser
}

export async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (
    await launchBrowser()
  ).newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  return { context, page }
}

export async function closeBrowser() {
  await browser?.close()
  browser = undefined
}

/** Signs in through the /login screen. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}
