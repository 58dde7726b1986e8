import { mkdir } from 'node:fs/promises'
import { AxeBuilder } from '@axe-core/playwright'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import encryption from '@adonisjs/core/services/encryption'
import User from '#accounts/models/user'
import { baseUrl, nextTotpCode, realClockEnv } from '#tests/helpers'
import { timeoutScale } from '#tests/timeout_scale'

let browser: Browser | undefined

/**
 * Chromium does not start under libfaketime (.ci/off-hours), so it keeps the real clock; the
 * off-hours run fakes a moment on the same New York day, and the browser keeps the process's
 * far-away time zone.
 */
const browserEnv = realClockEnv

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export async function launchBrowser() {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    env: browserEnv(),
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

/**
 * A fresh browser context; `origin` replaces the test server's 127.0.0.1 address, `viewport`
 * the desktop size.
 */
export async function newPage(
  options: {
    origin?: string
    viewport?: { width: number; height: number }
    /** a phone sharing its position (the driver's steps record it) */
    geolocation?: { latitude: number; longitude: number }
  } = {}
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (
    await launchBrowser()
  ).newContext({
    baseURL: options.origin ?? baseUrl(),
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.geolocation
      ? { permissions: ['geolocation'], geolocation: { ...options.geolocation, accuracy: 15 } }
      : {}),
  })
  // Playwright's own 30 s limit for a step, stretched on a slow machine as the tests' are.
  context.setDefaultTimeout(30_000 * timeoutScale())
  const page = await context.newPage()
  return { context, page }
}

export async function closeBrowser() {
  await browser?.close()
  browser = undefined
}

/**
 * Signs in through the /login screen. For an account with two-factor on (every admin), the
 * code step follows: the code is computed from the account's stored secret, as its owner's
 * authenticator app would.
 */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  const user = await User.query()
    .where('email', email.toLowerCase())
    .orWhere('username', email.toLowerCase())
    .first()
  if (!user?.twoFactorEnabledAt || !user.twoFactorSecret) return
  const codeField = page.getByLabel('Authentication code')
  try {
    await codeField.waitFor({ timeout: 10_000 })
  } catch {
    return // a wrong password: the test expects the failure banner
  }
  const secret = encryption.decrypt<string>(user.twoFactorSecret)!
  await codeField.fill(await nextTotpCode(user.id, secret))
  await page.getByRole('button', { name: 'Verify' }).click()
}

/** Resolves once the page's live stream has subscribed to `channel` (the server answered 204). */
export function subscribed(page: Page, channel: string) {
  return page.waitForResponse(
    (res) =>
      res.url().endsWith('/__transmit/subscribe') &&
      res.status() === 204 &&
      res.request().postDataJSON()?.channel === channel
  )
}

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page, each with its nodes. */
export async function seriousViolations(page: Page) {
  return (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`)
}

/**
 * How far the page scrolls sideways, in pixels: 0 when nothing is wider than the window (runs
 * in the page: the backend's TypeScript has no DOM types).
 */
export async function sideScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = (globalThis as any).document.documentElement
    return (root.scrollWidth - root.clientWidth) as number
  })
}

/**
 * A full-page screenshot as `<SHOTS_DIR>/<name>-<width>.png`, when SHOTS_DIR is set (the
 * screens' review, docs/style.md); nothing otherwise.
 */
export async function saveShot(page: Page, name: string, width: number) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  await mkdir(dir, { recursive: true })
  // Toasts and drawers have finished sliding.
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
}

/**
 * The places the signed-in login's menu offers, in order (config/role-nav.ts): the dashboard's
 * sidebar at desktop widths (the page must show the dashboard, named `<Role> dashboard`), the
 * drawer's Account menu on a phone (opened, read and closed again).
 */
export async function menuPlaces(
  page: Page,
  dashboard: 'Carrier' | 'Shipper',
  /** run while the phone's drawer is open (a check, a screenshot) */
  whileOpen?: () => Promise<void>
): Promise<string[]> {
  const phone = (page.viewportSize()?.width ?? 1280) < 1024
  if (!phone) {
    const nav = page.getByRole('navigation', { name: `${dashboard} dashboard` })
    await nav.waitFor()
    return (await nav.getByRole('link').allTextContents()).map((t) => t.trim())
  }
  await page.getByRole('button', { name: 'Open navigation menu' }).click()
  const drawer = page.getByRole('dialog')
  const nav = drawer.getByRole('navigation', { name: 'Account' })
  await nav.waitFor()
  const places = (await nav.getByRole('link').allTextContents()).map((t) => t.trim())
  await whileOpen?.()
  await page.keyboard.press('Escape')
  await drawer.waitFor({ state: 'detached' })
  return places
}

/** The two sizes every journey runs at (docs/style.md): a desktop window and a phone. */
export const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]

/** The same two sizes, named for the journeys' titles. */
export const WIDTHS = [
  { name: 'desktop', viewport: VIEWPORTS[0] },
  { name: 'phone', viewport: VIEWPORTS[1] },
]
