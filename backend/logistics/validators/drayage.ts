import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { APPOINTMENT_KINDS } from '#logistics/services/appointment_states'

/** A shipper's new drayage move; the container's check digit and the terminal are checked by the service. */
export const createDrayageMoveValidator = vine.compile(
  vine.object({
    containerNo: vine.string().trim().minLength(1).maxLength(20),
    terminalCode: vine.string().trim().minLength(1).maxLength(20),
    availableOn: vine
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/),
    deliveryAddress: vine.string().trim().minLength(5).maxLength(255),
  })
)
createDrayageMoveValidator.messagesProvider = new SimpleMessagesProvider({
  'containerNo.required': 'Container number is required',
  'containerNo.minLength': 'Container number is required',
  'containerNo.maxLength': 'Enter a container number like CSQU3054383',
  'terminalCode.required': 'Please select a terminal',
  'terminalCode.minLength': 'Please select a terminal',
  'terminalCode.maxLength': 'Terminal not found',
  'availableOn.required': 'Availability date is required',
  'availableOn.regex': 'Availability date is required',
  'deliveryAddress.required': 'Delivery address is required',
  'deliveryAddress.minLength': 'Delivery address is required',
  'deliveryAddress.maxLength': 'Delivery address is too long',
})

const dateTime = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)

/** A carrier's requested appointment window at the terminal. */
export const requestAppointmentValidator = vine.compile(
  vine.object({
    kind: vine.enum(APPOINTMENT_KINDS),
    windowStart: dateTime(),
    windowEnd: dateTime(),
  })
)
requestAppointmentValidator.messagesProvider = new SimpleMessagesProvider({
  'kind.required': 'Choose pickup or empty return',
  'kind.enum': 'Choose pickup or empty return',
  'windowStart.required': 'Window start is required',
  'windowStart.regex': 'Window start is required',
  'windowEnd.required': 'Window end is required',
  'windowEnd.regex': 'Window end is required',
})

/** What became of an appointment. */
export const appointmentStatusValidator = vine.compile(
  vine.object({
    status: vine.enum(['CONFIRMED', 'COMPLETED', 'MISSED', 'CANCELLED'] as const),
    confirmationNumber: vine.string().trim().minLength(1).maxLength(40).optional(),
  })
)
appointmentStatusValidator.messagesProvider = new SimpleMessagesProvider({
  'status.required': 'Status is required',
  'status.enum': 'Status is confirmed, completed, missed or cancelled',
  'confirmationNumber.minLength': 'Confirmation number is too short',
  'confirmationNumber.maxLength': 'Confirmation number is too long',
})

/** The shipper's cancellation: a reason, needed once a carrier accepted the move. */
export const cancelDrayageMoveValidator = vine.compile(
  vine.object({
    reason: vine.string().trim().minLength(10).maxLength(500).optional(),
  })
)
cancelDrayageMoveValidator.messagesProvider = new SimpleMessagesProvider({
  'reason.string': 'Reason must be 10 to 500 characters',
  'reason.minLength': 'Reason must be 10 to 500 characters',
  'reason.maxLength': 'Reason must be 10 to 500 characters',
})
