#!/usr/bin/env node
// The operator CLI. In a checkout with the dev dependencies it runs the TypeScript sources
// through the project's loader (always current); in a production install (`npm ci --omit=dev`,
// no loader) it runs the JavaScript `npm run build:server` compiles to build/cli
// (docs/operations.md, "The operator CLI"). PALLETLINE_CLI_BUILD names a compiled CLI to run.
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

function loaderInstalled() {
  try {
    import.meta.resolve('@poppinss/ts-exec')
    return true
  } catch {
    return false
  }
}

// `palletline … | head`: the reader left, so the rest of the output has nowhere to go. That is
// not an error; stop quietly instead of printing a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error
    process.exit(process.exitCode ?? 0)
  })
}

let main
const build = process.env.PALLETLINE_CLI_BUILD
if (!build && loaderInstalled()) {
  // The project path is set before the loader reads it.
  await import('./ts-project.js')
  await import('@poppinss/ts-exec')
  main = new URL('../src/main.js', import.meta.url)
} else {
  const compiled = build
    ? pathToFileURL(`${build.replace(/\/$/, '')}/src/main.js`)
    : new URL('../../build/cli/src/main.js', import.meta.url)
  if (!existsSync(fileURLToPath(compiled))) {
    process.stderr.write(
      `Error: the operator CLI is not compiled (${fileURLToPath(compiled)} is missing) and the ` +
        'TypeScript loader is not installed: run `npm run build:server` (or `npm run build`) ' +
        'where the dev dependencies are installed, then ship build/ with the release.\n'
    )
    process.exit(2)
  }
  main = compiled
}
const { runCli } = await import(main.href)
process.exitCode = await runCli(process.argv.slice(2))
