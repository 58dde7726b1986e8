import { Alert } from '@/components/ui/alert'

export const REGISTRATION_FAILED_MESSAGE =
  'Registration failed. Please check your information and try again.'

/** The 5-second failure banner of both sign-up forms, listing messages no field could show. */
export function RegistrationFailedBanner({ messages }: { messages: string[] | null }) {
  if (!messages) return null
  return (
    <Alert variant="error" title={REGISTRATION_FAILED_MESSAGE}>
      {messages.length > 0 ? (
        <ul className="list-disc pl-4">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  )
}
