import vine from '@vinejs/vine'

/**
 * A text field that is present but blank after trimming counts as missing: reported with the
 * `required` rule, so the client shows the same message as for an absent field.
 */
export const notBlank = vine.createRule(
  (value, _options, field) => {
    if (typeof value === 'string' && value.trim() === '') {
      field.report('The {{ field }} field is required', 'required', field)
    }
  },
  { name: 'notBlank' }
)

/** "YYYY-MM-DD", optionally followed by an ISO time (the date part is what counts). */
export const calendarDate = vine.createRule(
  (value, _options, field) => {
    if (typeof value !== 'string') return
    const match = value.match(/^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/)
    const valid =
      match &&
      (() => {
        const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
        const date = new Date(Date.UTC(y, m - 1, d))
        return (
          date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
        )
      })()
    if (!valid) field.report('The {{ field }} field must be a date', 'date', field)
  },
  { name: 'calendarDate' }
)
