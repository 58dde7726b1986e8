import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { __unstable__loadDesignSystem } from 'tailwindcss'
import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { cn } from '@/lib/utils'

const src = join(__dirname, '..')

/** Every word in the app's source that Tailwind compiles to CSS: the classes cn may be given. */
async function classesInSource() {
  const words = new Set<string>()
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) visit(path)
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
        const strings = readFileSync(path, 'utf8').matchAll(/(['"`])((?:(?!\1)[^\n\\])*)\1/g)
        for (const [, , text] of strings) for (const word of text.split(/\s+/)) words.add(word)
      }
    }
  }
  visit(src)
  const tailwind = dirname(createRequire(import.meta.url).resolve('tailwindcss/package.json'))
  const design = await __unstable__loadDesignSystem(readFileSync(join(src, 'index.css'), 'utf8'), {
    base: src,
    loadStylesheet: async (_id: string, base: string) => ({
      base,
      path: join(tailwind, 'index.css'),
      content: readFileSync(join(tailwind, 'index.css'), 'utf8'),
    }),
  })
  const candidates = [...words].filter((word) => word !== '')
  const css = design.candidatesToCss(candidates)
  return candidates.filter((_, i) => css[i] !== null)
}

describe('cn', () => {
  it('joins conditional classes', () => {
    const off = (flag: boolean) => flag && 'b'
    expect(cn('a', off(false), { c: true, d: false }, ['e'])).toBe('a c e')
  })

  it('lets later utilities win', () => {
    expect(cn('px-4 py-2', 'p-3')).toBe('p-3')
    expect(cn('p-3', 'px-4')).toBe('p-3 px-4')
    expect(cn('text-sm text-slate-600', 'text-lg')).toBe('text-slate-600 text-lg')
    expect(cn('h-10 w-10', 'md:h-12')).toBe('h-10 w-10 md:h-12')
    expect(cn('bg-brand-700 hover:bg-brand-800', 'bg-white')).toBe('hover:bg-brand-800 bg-white')
  })

  it('merges as tailwind-merge does, on every pair of classes in the source', async () => {
    const classes = await classesInSource()
    expect(classes.length).toBeGreaterThan(400)
    const differ: string[] = []
    for (const a of classes)
      for (const b of classes) {
        const pair = `${a} ${b}`
        if (cn(pair) !== twMerge(pair)) differ.push(`${pair} → ${cn(pair)}, not ${twMerge(pair)}`)
      }
    expect(differ.slice(0, 40)).toEqual([])
    // About 310,000 pairs: seconds alone, more beside the rest of the suite on 2 cores.
  }, 60_000)
})
