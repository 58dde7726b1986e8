/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os'
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
      compressBuild(fileURLToPath(new URL('./dist', import.meta.url)))
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
