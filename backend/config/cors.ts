import { defineConfig } from '@adonisjs/cors'

// Frontend and API share one origin (Vite proxies /api in development), so CORS stays closed.
export default defineConfig({
  enabled: false,
  origin: [],
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
  headers: true,
  exposeHeaders: [],
  credentials: true,
  maxAge: 90,
})
