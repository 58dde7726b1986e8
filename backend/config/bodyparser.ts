import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/bodyparser'

export default defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: { convertEmptyStringsToNull: true, types: ['application/x-www-form-urlencoded'] },
  json: {
    convertEmptyStringsToNull: true,
    types: [
      'application/json',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/csp-report',
    ],
  },
  // No route takes uploads yet: never write a multipart body to disk on our own (see
  // request_body_middleware); a future upload route streams its own files into tmp/uploads.
  multipart: {
    autoProcess: false,
    convertEmptyStringsToNull: true,
    processManually: [],
    tmpFileName: () => join(app.tmpPath('uploads'), randomUUID()),
    limit: '20mb',
    types: ['multipart/form-data'],
  },
})
