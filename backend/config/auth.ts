import { defineConfig } from '@adonisjs/auth'
import {
  CachedSessionUserProvider,
  CachedTokensUserProvider,
} from '#accounts/services/cached_user_provider'
import { quietSessionGuard, quietTokensGuard } from '#accounts/services/quiet_guards'
import type { InferAuthenticators, InferAuthEvents, Authenticators } from '@adonisjs/auth/types'

const authConfig = defineConfig({
  default: 'web',
  guards: {
    web: quietSessionGuard({
      useRememberMeTokens: false,
      provider: new CachedSessionUserProvider({ model: () => import('#accounts/models/user') }),
    }),
    api: quietTokensGuard({
      provider: new CachedTokensUserProvider({
        tokens: 'accessTokens',
        model: () => import('#accounts/models/user'),
      }),
    }),
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
