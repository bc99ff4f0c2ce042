import { mutationOptions } from '@tanstack/react-query'
import type { RaitingBody } from '../../../contract/catalog'
import type { MessageResponse } from '../../../contract/rules'
import { api } from '../../api/http'
import { instrumentQueries } from '../../api/instruments'
import { saleQueries } from '../../api/sales'

/** POST /raiting for one bought line; the detail page and the history show it without a reload. */
export const rateInstrument = (instrumentId: number) =>
  mutationOptions({
    mutationFn: (body: RaitingBody) => api<MessageResponse>('post', 'raiting', { json: body }),
    meta: {
      invalidates: [
        instrumentQueries.detail(instrumentId).queryKey,
        // The cards show the average too.
        instrumentQueries.lists(),
        saleQueries.mine().queryKey,
      ],
    },
  })
