import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { assertNoStrayViolations, installContractCheck } from '#tests/openapi_contract'
import { withRequestIds } from '#core/request_id'
import { useTestCensus } from '#tests/vetting'

installContractCheck()

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
