import vine, { SimpleMessagesProvider } from '@vinejs/vine'

// Validators carry their own messages (docs/spec.md §5); these are the fallbacks for the rest.
vine.messagesProvider = new SimpleMessagesProvider({
  required: 'The {{ field }} field is required',
  string: 'The {{ field }} field must be a string',
  number: 'The {{ field }} field must be a number',
  boolean: 'The {{ field }} field must be true or false',
  email: 'The {{ field }} field must be a valid email address',
  enum: 'The selected {{ field }} is invalid',
  minLength: 'The {{ field }} field must have at least {{ min }} characters',
  maxLength: 'The {{ field }} field must not be greater than {{ max }} characters',
  min: 'The {{ field }} field must be at least {{ min }}',
  max: 'The {{ field }} field must not be greater than {{ max }}',
  date: 'The {{ field }} field must be a datetime value',
})
