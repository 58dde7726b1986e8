import { defineConfig, drivers } from '#plugins/geocoding/main'

export default defineConfig({
  default: 'offline',
  list: {
    offline: drivers.offline(),
  },
})
