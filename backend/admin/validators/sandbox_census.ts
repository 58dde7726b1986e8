import vine from '@vinejs/vine'

/** `POST /api/admin/sandbox/census` (docs/openapi.json `SandboxCensusInput`). */
export const sandboxCensusValidator = vine.compile(
  vine.object({
    carriers: vine
      .array(
        vine.object({
          dotNumber: vine
            .string()
            .trim()
            .regex(/^\d{1,8}$/),
          legalName: vine.string().trim().minLength(1).maxLength(120),
          phone: vine.string().trim().minLength(1).maxLength(30),
          email: vine.string().trim().email().maxLength(254),
        })
      )
      .minLength(1)
      .maxLength(20),
  })
)
