import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

export type ContactMessage = components['schemas']['ContactMessage']
export type ContactMessagePage = components['schemas']['ContactMessagePage']

export const CONTACT_INBOX_PER_PAGE = 10

export const contactMessagesKey = (page = 1, perPage = CONTACT_INBOX_PER_PAGE) =>
  `/api/admin/contact-messages?page=${page}&perPage=${perPage}`

/** GET /api/admin/contact-messages: the contact form's messages, newest first (0185). */
export function useContactMessages(page = 1, perPage = CONTACT_INBOX_PER_PAGE) {
  return useSWR<ContactMessagePage>(
    contactMessagesKey(page, perPage),
    () => api.get<ContactMessagePage>(contactMessagesKey(page, perPage)),
    { keepPreviousData: true }
  )
}
