import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { ALERT_CHANNELS, ALERT_TRIGGERS } from '#tms/services/alert_notifier'

/** A new alert rule: which shipments ("all" or one id / TRT- reference), triggers, channels. */
export const createAlertRuleValidator = vine.compile(
  vine.object({
    name: vine.string().trim().minLength(1).maxLength(120),
    shipment: vine.string().trim().minLength(1).maxLength(20).optional(),
    triggers: vine.array(vine.enum(ALERT_TRIGGERS)).minLength(1).distinct(),
    channels: vine.array(vine.enum(ALERT_CHANNELS)).minLength(1).distinct(),
  })
)
createAlertRuleValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': 'Please name the alert rule',
  'name.minLength': 'Please name the alert rule',
  'triggers.required': 'Choose at least one trigger',
  'triggers.array.minLength': 'Choose at least one trigger',
  'triggers.array.distinct': 'Each trigger once',
  'triggers.*.enum': 'A trigger is exception, late, delivered or last_free_day',
  'channels.required': 'Choose at least one channel',
  'channels.array.minLength': 'Choose at least one channel',
  'channels.array.distinct': 'Each channel once',
  'channels.*.enum': 'A channel is email or in_app',
})
