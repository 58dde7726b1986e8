import { defineConfig, drivers } from '#plugins/rate_quoting/main'

export default defineConfig({
  default: 'lane_model',
  list: {
    lane_model: drivers.lane_model(),
  },
})
