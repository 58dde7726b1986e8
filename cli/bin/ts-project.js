// Points the TypeScript loader at cli/tsconfig.json, so the CLI runs from any working directory
// (the loader otherwise looks for a tsconfig.json from the current directory up).
import { fileURLToPath } from 'node:url'

// ts-exec reads the tsconfig.json it finds from TS_EXEC_PWD up: cli/'s own.
process.env.TS_EXEC_PWD ??= fileURLToPath(new URL('..', import.meta.url))
