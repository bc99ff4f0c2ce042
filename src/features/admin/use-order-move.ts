import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Order } from '../../../contract/orders'
import { ApiError } from '../../api/http'
import { orderQueries } from '../../api/orders'
import { saleQueries } from '../../api/sales'
import { notify } from '../../lib/toast'

/**
 * An admin's move on an order (ship, deliver, cancel, refund): the server's `ok` as a toast, then
 * the dialog closes. A 409 means the order moved meanwhile (another admin, a Stripe refund): the
 * toast names its state, the dialog closes and the order is read again, so the buttons offered
 * are the ones its state now allows. A 400 that names a field keeps the dialog open, the text
 * under that field (the toast from the query client says it too).
 */
export function useOrderMove<Answer extends { ok: string; order: Order }, Body>(
  move: UseMutationOptions<Answer, Error, Body>,
  onDone: () => void,
  onFieldError?: (field: string, message: string) => void,
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...move,
    onSuccess: (answer) => {
      // The answer is the order as it is now: Detalles shows it before the refetch lands.
      queryClient.setQueryData(orderQueries.detail(answer.order.id).queryKey, answer.order)
      notify.success(answer.ok)
      onDone()
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return
      if (error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: orderQueries.all() })
        void queryClient.invalidateQueries({ queryKey: saleQueries.all() })
        onDone()
      } else if (error.field) onFieldError?.(error.field, error.message)
    },
  })
}
