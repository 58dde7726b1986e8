#!/usr/bin/env node
// Runs the TypeScript sources through the project's loader: no build step for the operator CLI.
// Static imports run in order, so the project path is set before the loader reads it.
import './ts-project.js'
import 'ts-node-maintained/register/esm'

const { runCli } = await import('../src/main.js')
process.exitCode = await runCli(process.argv.slice(2))
