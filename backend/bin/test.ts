process.env.NODE_ENV = 'test'

import { configure, processCLIArgs, run } from '@japa/runner'
import { failed, ignitor } from './ignitor.js'

ignitor({ sigint: 'always' })
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.js')

    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      ...{
        setup: runnerHooks.setup,
        teardown: runnerHooks.teardown.concat([() => app.terminate()]),
      },
    })
  })
  .run(() => run())
  .catch(failed)
