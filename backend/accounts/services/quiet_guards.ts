import type { HttpContext } from '@adonisjs/core/http'
import type { EmitterService, EventsList } from '@adonisjs/core/types'
import type { GuardConfigProvider } from '@adonisjs/auth/types'
import { AccessTokensGuard } from '@adonisjs/auth/access_tokens'
import type { AccessTokensUserProviderContract } from '@adonisjs/auth/types/access_tokens'
import { SessionGuard } from '@adonisjs/auth/session'
import type { SessionGuardOptions, SessionUserProviderContract } from '@adonisjs/auth/types/session'

/**
 * The guards announce every authentication attempt and success on the event bus, two
 * emittery dispatches per signed-in request (docs/decisions/0071); nothing listens to them
 * today. This emitter forwards an event only while someone listens, so a listener added later
 * still hears every one.
 */
function listenedOnly(emitter: EmitterService): EmitterService {
  const quiet = {
    emit: (event: keyof EventsList, data: any) =>
      emitter.hasListeners(event) ? emitter.emit(event, data) : Promise.resolve(),
  }
  return quiet as unknown as EmitterService
}

/** AdonisJS's `tokensGuard`, announcing events only to listeners. */
export function quietTokensGuard<
  UserProvider extends AccessTokensUserProviderContract<unknown>,
>(config: {
  provider: UserProvider
}): GuardConfigProvider<(ctx: HttpContext) => AccessTokensGuard<UserProvider>> {
  return {
    async resolver(name, app) {
      const emitter = listenedOnly(await app.container.make('emitter'))
      return (ctx) => new AccessTokensGuard(name, ctx, emitter as any, config.provider)
    },
  }
}

/** AdonisJS's `sessionGuard` (no remember-me tokens), announcing events only to listeners. */
export function quietSessionGuard<UserProvider extends SessionUserProviderContract<unknown>>(
  config: { provider: UserProvider } & SessionGuardOptions<false>
): GuardConfigProvider<(ctx: HttpContext) => SessionGuard<false, UserProvider>> {
  return {
    async resolver(name, app) {
      const emitter = listenedOnly(await app.container.make('emitter'))
      return (ctx) => new SessionGuard(name, ctx, config, emitter as any, config.provider)
    },
  }
}
