import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { MessageResponse } from '../../contract/rules'
import type { AlertTokenBody, StockAlertState } from '../../contract/stock-alerts'
import { accountScoped, api } from './http'

// "Notify me when it's back" (contract/stock-alerts.ts).
export const stockAlertQueries = {
  mine: (instrumentId: number) =>
    queryOptions({
      queryKey: ['stock-alerts', instrumentId] as const,
      meta: accountScoped,
      queryFn: () => api<StockAlertState>('get', `instruments/${instrumentId}/alerts`),
    }),
}

export const stockAlertMutations = {
  /** Signed in: no body. A guest: the e-mail to confirm from the mailed link. */
  subscribe: (instrumentId: number) =>
    mutationOptions({
      mutationFn: (email?: string) =>
        api<MessageResponse>('post', `instruments/${instrumentId}/alerts`, {
          json: email ? { email } : {},
        }),
      meta: { invalidates: [['stock-alerts', instrumentId]] },
    }),
  stop: (instrumentId: number) =>
    mutationOptions({
      mutationFn: () => api<MessageResponse>('delete', `instruments/${instrumentId}/alerts`),
      meta: { invalidates: [['stock-alerts', instrumentId]] },
    }),
  /** The mailed links: confirming a guest's alert, or ending any alert. */
  followLink: (kind: 'confirm' | 'stop') =>
    mutationOptions({
      mutationFn: (body: AlertTokenBody) =>
        api<MessageResponse>('post', kind === 'confirm' ? 'alerts/confirm' : 'alerts/unsubscribe', {
          json: body,
        }),
      meta: { errorToast: false },
    }),
}
