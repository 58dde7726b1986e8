import { defineConfig, drivers } from '#plugins/analytics/main'

export default defineConfig({
  default: 'log',
  list: {
    log: drivers.log({ table: 'analytics_events' }),
  },
})
