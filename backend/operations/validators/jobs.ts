import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export const JOB_OUTCOMES = ['running', 'ok', 'failed'] as const

/** GET /api/admin/jobs/runs */
export const jobRunsValidator = vine.compile(
  vine.object({
    job: vine.string().trim().maxLength(64).optional(),
    outcome: vine.enum(JOB_OUTCOMES).optional(),
    page: vine.number().withoutDecimals().range([1, 100000]).optional(),
  })
)
jobRunsValidator.messagesProvider = new SimpleMessagesProvider({
  'job.string': 'Job must be a job name of at most 64 characters',
  'job.maxLength': 'Job must be a job name of at most 64 characters',
  'outcome.enum': 'Outcome must be running, ok or failed',
  'page.number': 'Page must be a whole number from 1',
  'page.withoutDecimals': 'Page must be a whole number from 1',
  'page.range': 'Page must be a whole number from 1',
})
