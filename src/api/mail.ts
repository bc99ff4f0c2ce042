import { mutationOptions } from '@tanstack/react-query'
import type { ResetMailBody } from '../../contract/mail'
import type { MessageResponse } from '../../contract/rules'
import { api } from './http'

export const mailMutations = {
  subscribeToNewsletter: () =>
    mutationOptions({
      mutationFn: (email: string) => api<MessageResponse>('post', 'mail/news', { json: { email } }),
    }),
  requestPasswordReset: () =>
    mutationOptions({
      mutationKey: ['mail', 'resetpassword'],
      mutationFn: (body: ResetMailBody) =>
        api<MessageResponse>('post', 'mail/resetpassword', { json: body }),
    }),
}

export function sendPurchaseMail(saleId: number) {
  return api<MessageResponse>('post', 'mail/purchase', { json: { saleId } })
}
