import { defineConfig } from '@adonisjs/core/app'

export default defineConfig({
  typescript: true,

  directories: {
    config: 'backend/config',
    start: 'backend/start',
    // FRONTEND_DIST lets parallel checkouts serve their own build; npm start uses frontend/dist.
    public: process.env.FRONTEND_DIST ?? 'frontend/dist',
    tmp: 'tmp',
    migrations: 'database/migrations',
    seeders: 'database/seeders',
    factories: 'database/factories',
    // Ace's own folder loader reads the app's commands (docs/decisions/0191, amended).
    commands: 'backend/commands',
    providers: 'backend/providers',
    httpControllers: 'backend/core/controllers',
    models: 'backend/core/models',
    services: 'backend/core/services',
    exceptions: 'backend/core/exceptions',
    middleware: 'backend/core/middleware',
    policies: 'backend/core/policies',
    validators: 'backend/core/validators',
    stubs: 'stubs',
  },

  commands: [() => import('@adonisjs/core/commands'), () => import('@adonisjs/lucid/commands')],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/cors/cors_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/transmit/transmit_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('#plugins/analytics/provider'),
    () => import('#plugins/geocoding/provider'),
    () => import('#plugins/payments/provider'),
    () => import('#plugins/rate_quoting/provider'),
    () => import('#plugins/partner_carriers/provider'),
    () => import('#plugins/tms_feeds/provider'),
    () => import('#plugins/carrier_vetting/provider'),
  ],

  preloads: [
    () => import('#start/bindings'),
    // Before the routes: its /__transmit routes must come ahead of the catch-all GET.
    () => import('#start/transmit'),
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/validation'),
    () => import('#start/events'),
    () => import('#start/invalidation'),
    () => import('#start/jobs'),
    { file: () => import('#start/scheduler'), environment: ['web'] },
    { file: () => import('#start/search_version'), environment: ['web'] },
  ],

  tests: {
    suites: [
      {
        files: ['backend/**/tests/unit/**/*.spec.ts', 'plugins/**/tests/**/*.spec.ts'],
        name: 'unit',
        timeout: 5000,
      },
      {
        files: ['backend/**/tests/functional/**/*.spec.ts'],
        name: 'functional',
        timeout: 30000,
      },
      {
        files: ['backend/tests/browser/**/*.spec.ts'],
        name: 'browser',
        timeout: 60000,
      },
    ],
    forceExit: true,
  },

  metaFiles: [],
})
