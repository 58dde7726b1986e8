import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Rooted in cli/ so the same globs work from the repository root or from here.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Keep Vite's cache in the repository's node_modules, not a new cli/node_modules.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite/cli', import.meta.url)),
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    testTimeout: 20_000,
    // Ink renders only the last frame when it thinks it runs in CI; these tests drive a live terminal.
    env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false' },
  },
})
