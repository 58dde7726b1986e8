/// <reference types="vitest/config" />
import { readFileSync, realpathSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { APP_COPY, APP_START, appCopies, SHARED } from './app-copies.ts'
import { compressBuild } from './compress.ts'
import { writePrerenderedPages } from './prerender.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

type ModuleGraph = {
  getModuleInfo(
    id: string
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null
}

const LUCIDE_BARREL = /\/node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs(\?app)?$/
let iconFiles: Map<string, string> | undefined
const iconsByModule = new Map<string, string[]>()

/** The icon files (lucide-react/dist/esm/icons/*.mjs) a source module imports by name. */
function iconsOf(file: string): string[] {
  if (!iconFiles) {
    iconFiles = new Map()
    const barrel = join(
      dirname(realpathSync(fileURLToPath(import.meta.resolve('lucide-react/package.json')))),
      'dist/esm/lucide-react.mjs'
    )
    for (const [, names, icon] of readFileSync(barrel, 'utf8').matchAll(
      /export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g
    )) {
      for (const name of names.matchAll(/as (\w+)/g))
        iconFiles.set(name[1], join(dirname(barrel), icon))
    }
  }
  let icons = iconsByModule.get(file)
  if (!icons) {
    icons = []
    const code = /\.tsx?$/.test(file) ? readFileSync(file, 'utf8') : ''
    for (const [, names] of code.matchAll(/import \{([^}]*)\} from 'lucide-react'/g)) {
      for (const name of names.split(',').map((n) => n.trim().split(/\s+as\s+/)[0])) {
        const icon = iconFiles.get(name)
        if (icon) icons.push(icon)
      }
    }
    iconsByModule.set(file, icons)
  }
  return icons
}

/**
 * A module's static imports, with the icons it names in place of lucide-react's barrel: in the
 * graph the barrel imports every icon, so every module using one icon would seem to use them all.
 */
function importsOf(graph: ModuleGraph, module: string): readonly string[] {
  const ids = graph.getModuleInfo(module)?.importedIds ?? []
  if (!ids.some((id) => LUCIDE_BARREL.test(id))) return ids
  const copy = module.endsWith(APP_COPY)
  const file = copy ? module.slice(0, -APP_COPY.length) : module
  return [
    ...ids.filter((id) => !LUCIDE_BARREL.test(id)),
    ...iconsOf(file).map((icon) => (copy ? icon + APP_COPY : icon)),
  ]
}

/**
 * For each module, how many entries load it with their static imports (the page's entry and
 * each dynamic import): more than one, and it is shared between chunks.
 */
function entryCounts(graph: ModuleGraph): Map<string, number> {
  const main = fileURLToPath(new URL('./src/main.tsx', import.meta.url))
  const entries = new Set([main])
  const seen = new Set<string>()
  const walk = (module: string) => {
    if (seen.has(module)) return
    seen.add(module)
    for (const imported of importsOf(graph, module)) walk(imported)
    for (const imported of graph.getModuleInfo(module)?.dynamicallyImportedIds ?? []) {
      entries.add(imported)
      walk(imported)
    }
  }
  walk(main)
  const counts = new Map<string, number>()
  for (const entry of entries) {
    const closure = new Set<string>()
    const visit = (module: string) => {
      if (closure.has(module)) return
      closure.add(module)
      for (const imported of importsOf(graph, module)) visit(imported)
    }
    visit(entry)
    for (const module of closure) counts.set(module, (counts.get(module) ?? 0) + 1)
  }
  return counts
}

/**
 * Everything src/public-start.tsx imports statically, the code every public page needs to
 * hydrate (React DOM, the providers, the layout), in one chunk: as a dozen small chunks it
 * gzips worse and costs a request each. The part the signed-in app uses too (React DOM, SWR,
 * the HTTP client: what app-copies.ts does not copy) is `shared-core`, which both load; the
 * public page's own modules are `public-core`, which the app never loads (decision 0269).
 */
function publicCoreChunks(): {
  shared: (id: string, graph: ModuleGraph) => string | null
  own: (id: string, graph: ModuleGraph) => string | null
} {
  let core: Set<string> | undefined
  const kind = (id: string, graph: ModuleGraph) => {
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
    if (!core.has(id)) return null
    return id.startsWith(SRC) && !SHARED.has(id) ? 'public-core' : 'shared-core'
  }
  return {
    shared: (id, graph) => (kind(id, graph) === 'shared-core' ? 'shared-core' : null),
    own: (id, graph) => (kind(id, graph) === 'public-core' ? 'public-core' : null),
  }
}

const SRC = fileURLToPath(new URL('./src/', import.meta.url))
const publicCore = publicCoreChunks()

/**
 * The signed-in app's code (the modules app-copies.ts gives it) in as few files as a first load
 * needs (issue 38, decisions 0218, 0219 and 0269). Of the modules more than one chunk loads:
 * `app-shell` has what the app's frame needs (start.tsx, the layout, the header with the user
 * menu, phone drawer and notification bell, which load on arrival); `app~<screen>` what the
 * first screen of one of the dashboards of issue 38 needs and the frame does not, so a screen
 * loads no other screen's code of its own (what two or more need joins the frame: a file fewer
 * for each); `app-common` the rest, for the other
 * screens. A module of one screen stays in its chunk; Radix (`radix`) loads when a menu, dialog
 * or toast is first opened (components/ui/deferred.ts, decision 0219); charts and maps when
 * shown (their own chunks). The public pages load none of these.
 */
const FIRST_SCREENS: Record<string, string[]> = {
  'shipper': ['app/routes/shipper.tsx', 'features/shipper/components/find-carriers-section.tsx'],
  'post-load': ['app/routes/post-load.tsx', 'features/payments/components/card-payment-form.tsx'],
  'tms': ['app/routes/tms.tsx'],
  'carrier': ['app/routes/carrier.tsx', 'features/carrier/components/dashboard-overview.tsx'],
  'freight-board': [
    'app/routes/freight-board.tsx',
    'features/freight-board/components/freight-board.tsx',
  ],
  'admin': ['app/routes/admin.tsx'],
}
/** The dashboards of one role (a screen of one role never loads another role's chunk). */
const ROLE_SCREENS: Record<string, string[]> = {
  shipper: ['shipper', 'post-load', 'tms'],
  carrier: ['carrier', 'freight-board'],
}
/** The frame of every signed-in screen, loaded on arrival (app/router.tsx, app/layouts/site-header.tsx). */
const SHELL_PARTS = [
  'app/layouts/app-layout.tsx',
  'app/layouts/user-menu.tsx',
  'app/layouts/mobile-drawer.tsx',
  'features/notifications/components/notification-bell.tsx',
]
const appFile = (file: string) =>
  fileURLToPath(new URL(`./src/${file}`, import.meta.url)) + APP_COPY

/** Every module the roots import statically, directly or not. */
function closure(graph: ModuleGraph, roots: string[]) {
  const seen = new Set<string>()
  const visit = (module: string) => {
    if (seen.has(module)) return
    seen.add(module)
    for (const imported of importsOf(graph, module)) visit(imported)
  }
  for (const root of roots) visit(root)
  return seen
}

function appChunks(): (id: string, graph: ModuleGraph) => string | null {
  let shell: Set<string> | undefined
  let screens: [string, Set<string>][] = []
  let shared = new Map<string, number>()
  return (id, graph) => {
    if (!shell) {
      shared = entryCounts(graph)
      shell = closure(graph, [APP_START, ...SHELL_PARTS.map(appFile)])
      screens = Object.entries(FIRST_SCREENS).map(([name, roots]) => [
        name,
        closure(graph, roots.map(appFile)),
      ])
    }
    if (
      /\/node_modules\/(@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib)\//.test(
        id
      )
    )
      return 'radix'
    // The frame in one chunk with the router: no chunk of it imports start.tsx's back (a cycle
    // between the two ran a module before React's namespace was set).
    if (/\/node_modules\/react-router\//.test(id)) return 'app-shell'
    if (!id.endsWith(APP_COPY)) return null
    if (/\/src\/components\/(charts\/|us-map)/.test(id)) return null
    if (shell.has(id)) return 'app-shell'
    // A module of one chunk stays in it.
    if ((shared.get(id) ?? 0) < 2) return null
    const users = screens.filter(([, modules]) => modules.has(id)).map(([name]) => name)
    // What two or three screens of one role need, in that role's chunk; what screens of both roles
    // need joins the frame.
    if (users.length >= 2) {
      const role = Object.entries(ROLE_SCREENS).find(([, names]) =>
        users.every((name) => names.includes(name))
      )
      return role ? `app~${role[0]}-screens` : 'app-shell'
    }
    return users.length ? `app~${users[0]}` : 'app-common'
  }
}

// Run from the repository root: `vite build --config frontend/vite.config.ts`. It builds the
// app (dist/), then the prerender (dist-ssr/, src/prerender.tsx), writes the public pages as
// HTML (dist/prerendered/, prerender.ts) and compressed copies of every text file (compress.ts).
export default defineConfig({
  root,
  plugins: [appCopies(), react(), tailwindcss()],
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
                { name: 'preload-helper', test: /preload-helper/, priority: 4 },
                // What both the public pages and the app load, apart (decision 0269).
                { name: publicCore.shared, priority: 3, includeDependenciesRecursively: false },
                // With everything it imports (the icons it uses), so no chunk imports it back.
                { name: publicCore.own, priority: 2 },
                // A list's loading, empty and failed states (with the alert the failed one shows),
                // used together by /overview and /auth and /contact: one file, not five
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
                // The app's own chunks (decision 0269).
                {
                  name: appChunks(),
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
