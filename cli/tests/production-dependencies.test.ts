/*
 * The CLI runs from a production install (`npm ci --omit=dev`, docs/operations.md "The operator
 * CLI"; docs/decisions/0183, 0206): every package its bin and sources import at run time must be
 * a dependency of package.json, not a devDependency. The one dev package the bin names, the
 * TypeScript loader, is imported only where it resolves (a development checkout).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
}
/** What the bin loads only after checking it resolves: the development checkout's loader. */
const DEV_ONLY_WHEN_PRESENT = new Set(['@poppinss/ts-exec'])

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** Bare specifiers a file imports at run time (type-only imports are erased by the build). */
function runtimeImports(text: string): string[] {
  const found: string[] = []
  const patterns = [
    /^\s*import\s+(?!type\s)(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm,
    /^\s*export\s+(?!type\s)[^'"]*?\s+from\s+['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]
  for (const pattern of patterns) {
    for (const [, specifier] of text.matchAll(pattern)) if (specifier) found.push(specifier)
  }
  return found.filter((s) => !s.startsWith('.') && !s.startsWith('#'))
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier)

describe('the CLI in a production install', () => {
  const files = [...sources(join(root, 'cli/bin')), ...sources(join(root, 'cli/src'))]

  it('imports only dependencies (never a devDependency) at run time', () => {
    const missing: string[] = []
    for (const file of files) {
      for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
        if (isBuiltin(specifier)) continue
        const name = packageOf(specifier)
        if (DEV_ONLY_WHEN_PRESENT.has(name) && file.includes('/cli/bin/')) continue
        if (!manifest.dependencies[name]) missing.push(`${file.slice(root.length)}: ${name}`)
      }
    }
    expect(files.length).toBeGreaterThan(10)
    expect(missing).toEqual([])
  })

  it('finds the imports it checks (the scan itself)', () => {
    expect(
      runtimeImports(
        [
          "import { Command } from 'commander'",
          "import type { Foo } from 'dev-only'",
          "import 'side-effect'",
          "export { x } from '@scope/pkg/sub'",
          "const m = await import('lazy')",
          "import { y } from './local.js'",
        ].join('\n')
      ).map(packageOf)
    ).toEqual(['commander', 'side-effect', '@scope/pkg', 'lazy'])
  })
})
