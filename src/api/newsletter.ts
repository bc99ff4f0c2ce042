import type { MessageResponse } from '../../contract/rules'
import { api } from './http'

/** POST /mail/news (spec 7): subscribes an e-mail address to the newsletter. */
export function subscribeToNewsletter(email: string) {
  return api<MessageResponse>('post', 'mail/news', { json: { email } })
}
