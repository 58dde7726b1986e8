import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { Test } from '@japa/runner/core'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { assertNoStrayViolations, installContractCheck } from '#tests/openapi_contract'
import { withRequestIds } from '#core/request_id'
import { useTestCensus } from '#tests/vetting'
import { timeoutScale } from '#tests/timeout_scale'

installContractCheck()

/**
 * Every test's time limit stretched by TEST_TIMEOUT_SCALE (docs/decisions/0256): CI runs two
 * database legs side by side on a shared two-core machine that has run 2.5 times slower than a
 * quiet one, and a limit is there to stop a hang, not to time the code. Assertions about time
 * ("live within 2 s") are not stretched. A test run more than once (a dataset row, a retry)
 * is stretched from its own limit each time, never compounded.
 */
const ownLimits = new WeakMap<Test, number>()
if (timeoutScale() > 1) {
  Test.executing((test) => {
    const own = ownLimits.get(test) ?? test.options.timeout
    ownLimits.set(test, own)
    if (own) test.timeout(Math.round(own * timeoutScale()))
  })
}

export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
]

/**
 * Start from an empty schema on whichever database DB_CONNECTION selects, then serve the app
 * on a real HTTP port for functional, concurrency and browser tests.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [
    async () => {
      const ace = await app.container.make('ace')
      for (const [name, args] of [
        ['db:wipe', []],
        ['migration:run', ['--compact-output']],
      ] as const) {
        const command = await ace.exec(name, [...args])
        if (command.exitCode) throw command.error ?? new Error(`${name} failed`)
      }
      await useTestCensus()
    },
  ],
  teardown: [assertNoStrayViolations],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional', 'e2e'].includes(suite.name)) {
    suite.setup(() => testUtils.httpServer().start(withRequestIds))
  }
}
