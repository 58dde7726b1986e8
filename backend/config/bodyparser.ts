import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/bodyparser'

// Strings arrive as sent: AdonisJS 7's body parser trims them by default, which would change a
// password with a space at its end and let a channel name with a newline through. Validators
// trim the fields that should be trimmed (docs/decisions/0198).
export default defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    trimWhitespaces: false,
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    convertEmptyStringsToNull: true,
    trimWhitespaces: false,
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
    trimWhitespaces: false,
    processManually: [],
    tmpFileName: () => join(app.tmpPath('uploads'), randomUUID()),
    limit: '20mb',
    types: ['multipart/form-data'],
  },
})
