import { mutationOptions } from '@tanstack/react-query'
import type { RaitingBody } from '../../contract/catalog'
import type { MessageResponse } from '../../contract/rules'
import { api } from './http'
import { instrumentQueries } from './instruments'
import { saleQueries } from './sales'

export const reviewMutations = {
  rate: () =>
    mutationOptions({
      mutationFn: (body: RaitingBody) => api<MessageResponse>('post', 'raiting', { json: body }),
      meta: { invalidates: [instrumentQueries.all(), saleQueries.mine().queryKey] },
    }),
}
