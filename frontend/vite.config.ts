/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

const root = fileURLToPath(new URL('.', import.meta.url))

// Run from the repository root: `vite build --config frontend/vite.config.ts`.
export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route needs (scripts/bundle-size.js).
    manifest: true,
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
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    globals: true,
    css: false,
  },
})
