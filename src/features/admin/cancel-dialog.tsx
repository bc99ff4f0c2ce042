import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { formatCents } from '../../../contract/money'
import { type CancelBody, cancelBody, type Order } from '../../../contract/orders'
import { orderMutations } from '../../api/orders'
import { Field } from '../../components/field'
import { OrderMoveDialog } from './order-move-dialog'
import { useIdempotencyKey } from './use-idempotency-key'
import { useOrderMove } from './use-order-move'

/** Cancel before it ships: what is left is refunded in full and every unit goes back on sale. */
export function CancelDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const form = useForm<CancelBody>({
    resolver: zodResolver(cancelBody),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  })
  const cancel = useOrderMove(orderMutations.cancel(order.id), onClose, (_field, message) =>
    form.setError('reason', { message }),
  )
  const key = useIdempotencyKey<CancelBody>()
  const left = order.payment.paidCents - order.payment.refundedCents
  return (
    <OrderMoveDialog
      title={`Cancel sale ${order.id}`}
      submitLabel={cancel.isPending ? 'Cancelling…' : 'Cancel order'}
      busy={cancel.isPending}
      danger
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => cancel.mutate({ body, idempotencyKey: key(body) }))}
    >
      <p className="admin-confirm-text">
        Refunds {formatCents(left)} to the buyer's card and puts the units back in stock. This
        cannot be undone.
      </p>
      <Field label="Reason" missing error={form.formState.errors.reason?.message}>
        {(a11y) => <textarea {...a11y} rows={3} {...form.register('reason')} />}
      </Field>
    </OrderMoveDialog>
  )
}
