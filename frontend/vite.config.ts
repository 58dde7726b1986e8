/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { compressBuild } from './compress.ts'
import { writePrerenderedPages } from './prerender.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

/**
 * Everything src/public-start.tsx imports statically, the code every public page needs to
 * hydrate (React DOM, the providers, the layout), in one chunk: as a dozen small chunks it
 * gzips worse and costs a request each.
 */
function publicCoreChunk(): (id: string, graph: ModuleGraph) => string | null {
  let core: Set<string> | undefined
  return (id, graph) => {
    if (!core) {
      core = new Set()
      const entry = fileURLToPath(new URL('./src/public-start.tsx', import.meta.url))
      const visit = (module: string) => {
        for (const imported of graph.getModuleInfo(module)?.importedIds ?? []) {
          // The icons' barrel imports every icon; the few used stay in the chunks that use them.
          if (core!.has(imported) || /\/node_modules\/lucide-react\//.test(imported)) continue
          core!.add(imported)
          visit(imported)
        }
      }
      visit(entry)
    }
    return core.has(id) ? 'public-core' : null
  }
}

/** What the public pages load (their hydration and their route modules, with all they import). */
const PUBLIC_MODULES = [
  './src/public-start.tsx',
  ...[
    'landing',
    'overview',
    'auth',
    'about',
    'contact',
    'terms',
    'privacy',
    'login',
    'register',
  ].map((route) => `./src/app/routes/${route}.tsx`),
]

/**
 * The signed-in app's shared code in two files instead of dozens (issue 38, decision 0218): a
 * screen's first load fetched 61 to 79 files, most under 1 kB, each a request on a phone's
 * connection. Modules the public pages import are left where they are, so a public page never
 * fetches either chunk. `ui-kit`: the components/ui wrappers and the icons (`radix`, Radix and what
 * it builds on, apart: only an opened menu, dialog or toast loads it, decision 0219); `app-common`: the rest of src/components, lib, hooks,
 * config and the features' API modules (small hooks and types every screen shares).
 */
/**
 * The icon files (lucide-react/dist/esm/icons/*.mjs) the public modules import by name: the
 * graph leads only to the icons' barrel, whose re-exports (`export { default as X, ... } from
 * './icons/x.mjs'`) name each icon's file.
 */
function iconFiles(modules: Iterable<string>): Set<string> {
  const barrel = join(
    dirname(fileURLToPath(import.meta.resolve('lucide-react/package.json'))),
    'dist/esm/lucide-react.mjs'
  )
  const fileOf = new Map<string, string>()
  for (const [, names, file] of readFileSync(barrel, 'utf8').matchAll(
    /export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g
  )) {
    for (const name of names.matchAll(/as (\w+)/g)) fileOf.set(name[1], join(dirname(barrel), file))
  }
  const icons = new Set<string>()
  for (const module of modules) {
    if (!/\/src\/.*\.tsx?$/.test(module)) continue
    const code = readFileSync(module, 'utf8')
    for (const [, names] of code.matchAll(/import \{([^}]*)\} from 'lucide-react'/g)) {
      for (const name of names.split(',').map((n) => n.trim().split(/\s+as\s+/)[0])) {
        const file = fileOf.get(name)
        if (file) icons.add(file)
      }
    }
  }
  return icons
}

function appSharedChunks(): (id: string, graph: ModuleGraph) => string | null {
  let publicModules: Set<string> | undefined
  return (id, graph) => {
    if (!publicModules) {
      const seen = new Set<string>()
      const visit = (module: string) => {
        if (seen.has(module)) return
        seen.add(module)
        for (const imported of graph.getModuleInfo(module)?.importedIds ?? []) {
          if (!/\/node_modules\/lucide-react\//.test(imported)) visit(imported)
        }
      }
      for (const entry of PUBLIC_MODULES) visit(fileURLToPath(new URL(entry, import.meta.url)))
      publicModules = new Set([...seen, ...iconFiles(seen)])
    }
    if (publicModules.has(id)) return null
    // Radix and what it builds on load when a menu, dialog or toast is first opened
    // (components/ui/deferred.ts, decision 0219): one chunk then, never with a screen.
    if (
      /\/node_modules\/(@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib)\//.test(
        id
      )
    )
      return 'radix'
    if (
      /\/node_modules\/lucide-react\/dist\/esm\/icons\//.test(id) ||
      /\/src\/components\/ui\//.test(id)
    )
      return 'ui-kit'
    // Charts and maps load when shown (their own chunks), never with the shared code.
    if (/\/src\/components\/(charts\/|us-map)/.test(id)) return null
    // The app's own small shared modules too (app/account.ts, app/refresh-carrier-bookings.ts).
    if (
      /\/src\/(components|lib|hooks|config|types)\/|\/src\/features\/[^/]+\/api\/|\/src\/app\/[^/]+\.tsx?$/.test(
        id
      )
    )
      return 'app-common'
    return null
  }
}

// Run from the repository root: `vite build --config frontend/vite.config.ts`. It builds the
// app (dist/), then the prerender (dist-ssr/, src/prerender.tsx), writes the public pages as
// HTML (dist/prerendered/, prerender.ts) and compressed copies of every text file (compress.ts).
export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route needs (prerender.ts, bundle-size.js).
    manifest: true,
    // Every browser that runs the app's JavaScript (ES2020 and up) has modulepreload.
    modulePreload: { polyfill: false },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Apart, or main.tsx, which uses it too, would import the whole public chunk.
                { name: 'preload-helper', test: /preload-helper/, priority: 2 },
                // With everything it imports (the icons it uses), so no chunk imports it back.
                { name: publicCoreChunk(), priority: 1 },
                // A list's loading, empty and failed states (with the alert the failed one shows),
                // used together by /overview and the signed-in screens: one file, not five
                // (decision 0219); /auth and /contact, which show an alert only, take 0.5-0.6 kB more.
                {
                  name: (id: string) =>
                    /\/src\/components\/(load-states|ui\/(empty-state|load-error|skeleton|alert))\.tsx$/.test(
                      id
                    )
                      ? 'load-states'
                      : null,
                  priority: 1,
                },
                // Only what more than one chunk imports: a module of one screen stays in it.
                {
                  name: appSharedChunks(),
                  minShareCount: 2,
                  priority: 0,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        ssr: 'src/prerender.tsx',
        outDir: 'dist-ssr',
        emptyOutDir: true,
        manifest: false,
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client)
      await builder.build(builder.environments.ssr)
      await writePrerenderedPages({
        outDir: fileURLToPath(new URL('./dist', import.meta.url)),
        ssrEntry: fileURLToPath(new URL('./dist-ssr/prerender.js', import.meta.url)),
      })
      await compressBuild(fileURLToPath(new URL('./dist', import.meta.url)))
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3333', changeOrigin: false },
    },
  },
  test: {
    // Components show instants in the viewer's zone; the tests read them as a user in the
    // business zone would, whatever zone the machine (or .ci/off-hours) runs in.
    env: { TZ: 'America/New_York' },
    environment: 'jsdom',
    // Route-level tests render whole dashboards; a loaded 2-core CI machine needs headroom.
    testTimeout: 15_000,
    // Vitest keeps one core for itself by default: one worker on a 2-core machine, where two
    // take the suite from about 200 s to 120 s (the main process mostly waits).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    globals: true,
    css: false,
  },
})
