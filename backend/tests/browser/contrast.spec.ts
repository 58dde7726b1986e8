import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

/**
 * WCAG AA text contrast on the pages people land on: every visible text against the colour
 * behind it is at least 4.5:1, or 3:1 when large (24 px, or 18.66 px bold). Text over an
 * image or gradient is skipped (its background is not one colour).
 */
function lowContrastTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Runs in the page (the backend's TypeScript has no DOM types).
    const window = globalThis as any
    const document = window.document
    type Rgba = [number, number, number, number]
    // Computed colours come as rgb()/rgba() or, from Tailwind 4's palette, oklch().
    const fromOklch = (l: number, c: number, h: number): [number, number, number] => {
      const a = c * Math.cos((h * Math.PI) / 180)
      const b = c * Math.sin((h * Math.PI) / 180)
      const l1 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3
      const m1 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3
      const s1 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3
      const linear = [
        4.0767416621 * l1 - 3.3077115913 * m1 + 0.2309699292 * s1,
        -1.2684380046 * l1 + 2.6097574011 * m1 - 0.3413193965 * s1,
        -0.0041960863 * l1 - 0.7034186147 * m1 + 1.707614701 * s1,
      ]
      const encode = (v: number) => {
        const x = Math.min(1, Math.max(0, v))
        return 255 * (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055)
      }
      return [encode(linear[0]), encode(linear[1]), encode(linear[2])]
    }
    const numbers = (text: string) =>
      text
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map((part) => (part.endsWith('%') ? Number.parseFloat(part) / 100 : Number(part)))
    const parse = (value: string): Rgba | null => {
      const rgb = value.match(/^rgba?\(([^)]+)\)$/)
      if (rgb) {
        const [r, g, b, a] = numbers(rgb[1])
        return [r, g, b, a ?? 1]
      }
      const oklch = value.match(/^oklch\(([^)]+)\)$/)
      if (oklch) {
        const [l, c, h, a] = numbers(oklch[1])
        return [...fromOklch(l, c, Number.isNaN(h) ? 0 : h), a ?? 1]
      }
      return null
    }
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3]
      return [
        top[0] * a + under[0] * (1 - a),
        top[1] * a + under[1] * (1 - a),
        top[2] * a + under[2] * (1 - a),
        1,
      ]
    }
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    /** The solid colour behind an element, or null over an image or gradient. */
    const background = (element: any): Rgba | null => {
      const layers: Rgba[] = []
      for (let node = element; node; node = node.parentElement) {
        const style = window.getComputedStyle(node)
        if (style.backgroundImage && style.backgroundImage !== 'none') return null
        const color = parse(style.backgroundColor)
        if (color && color[3] > 0) {
          layers.push(color)
          if (color[3] >= 1) break
        }
      }
      let result: Rgba = [255, 255, 255, 1]
      for (const layer of layers.reverse()) result = over(layer, result)
      return result
    }
    const problems: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      const text = [...element.childNodes]
        .filter((node: any) => node.nodeType === 3)
        .map((node: any) => node.textContent.trim())
        .join(' ')
        .trim()
      if (!text) continue
      const box = element.getBoundingClientRect()
      const style = window.getComputedStyle(element)
      if (box.width < 2 || box.height < 2 || style.visibility === 'hidden') continue
      if (Number(style.opacity) === 0) continue
      const behind = background(element)
      const color = parse(style.color)
      if (!behind || !color) continue
      const fg = over(color, behind)
      const [light, dark] = [luminance(fg), luminance(behind)].sort((a, b) => b - a)
      const ratio = (light + 0.05) / (dark + 0.05)
      const size = Number.parseFloat(style.fontSize)
      const bold = Number(style.fontWeight) >= 700
      const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5
      if (ratio < needed - 0.01) {
        problems.push(
          `"${text.slice(0, 40)}" ${style.color} on ${behind.map(Math.round).join(',')}: ${ratio.toFixed(2)} < ${needed}`
        )
      }
    }
    return problems
  })
}

test.group('Browser: text contrast (WCAG AA)', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())
  group.each.timeout(120_000)

  test('public pages', async ({ assert }) => {
    const { context, page } = await newPage()
    const problems: string[] = []
    for (const path of ['/', '/login', '/register', '/about', '/overview', '/contact', '/404']) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        for (const problem of await lowContrastTexts(page)) {
          problems.push(`${path} @${width}: ${problem}`)
        }
      }
    }
    assert.deepEqual(problems, [])
    await context.close()
  })

  test('dashboards', async ({ assert }) => {
    await makeUser('shipper', { email: 'sam@contrast.test', password: 'secret123' })
    await makeUser('carrier', {
      email: 'cal@contrast.test',
      password: 'secret123',
      isApproved: true,
    })
    await makeUser('admin', { email: 'ada@contrast.test', password: 'secret123' })
    const problems: string[] = []
    for (const [email, home] of [
      ['sam@contrast.test', '/shipper'],
      ['cal@contrast.test', '/carrier'],
      ['ada@contrast.test', '/admin'],
    ]) {
      const { context, page } = await newPage()
      await signIn(page, email, 'secret123')
      await page.waitForURL(`**${home}`)
      await page.waitForLoadState('networkidle')
      for (const problem of await lowContrastTexts(page)) problems.push(`${home}: ${problem}`)
      await context.close()
    }
    assert.deepEqual(problems, [])
  })
})
