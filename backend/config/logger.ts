import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'palletline',
      level: env.get('LOG_LEVEL', 'info'),
      // pino-pretty is a dev dependency (absent from `npm ci --omit=dev`): only development
      // (NODE_ENV=development, `npm run dev`) prints pretty lines; everywhere else JSON lines.
      transport: {
        targets: targets()
          .pushIf(app.inDev, targets.pretty())
          .pushIf(!app.inDev, targets.file({ destination: 1 }))
          .toArray(),
      },
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
