// Points the TypeScript loader at cli/tsconfig.json, so the CLI runs from any working directory
// (the loader otherwise looks for a tsconfig.json from the current directory up).
import { fileURLToPath } from 'node:url'

process.env.TS_NODE_PROJECT ??= fileURLToPath(new URL('../tsconfig.json', import.meta.url))
