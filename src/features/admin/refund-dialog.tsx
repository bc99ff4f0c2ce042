import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { formatCents } from '../../../contract/money'
import type { Order, RefundBody } from '../../../contract/orders'
import { orderMutations } from '../../api/orders'
import { Field } from '../../components/field'
import { OrderMoveDialog } from './order-move-dialog'
import { moneyLeftCents, type RefundInput, refundCents, refundForm, unitsLeft } from './refund-form'
import { RefundUnits } from './refund-units'
import { useIdempotencyKey } from './use-idempotency-key'
import { useOrderMove } from './use-order-move'

/** Refund units of the bought lines at the price paid, or an amount (goodwill), with a reason. */
export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const schema = useMemo(() => refundForm(order), [order])
  const byUnits = unitsLeft(order).some((n) => n > 0)
  const form = useForm<RefundInput, unknown, RefundBody>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      kind: byUnits ? 'units' : 'amount',
      counts: order.lines.map(() => ''),
      amount: '',
      reason: '',
      restock: true,
    },
  })
  const refund = useOrderMove(orderMutations.refund(order.id), onClose)
  const key = useIdempotencyKey<RefundBody>()
  const input = form.watch()
  const { errors } = form.formState
  const cents = refundCents(input, order)

  return (
    <OrderMoveDialog
      title={`Refund sale ${order.id}`}
      submitLabel={refund.isPending ? 'Refunding…' : `Refund ${formatCents(cents)}`}
      busy={refund.isPending}
      danger
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => refund.mutate({ body, idempotencyKey: key(body) }))}
    >
      <p className="admin-confirm-text">
        {formatCents(moneyLeftCents(order))} of {formatCents(order.payment.paidCents)} left to
        refund.
      </p>
      <fieldset className="refund-kind">
        <legend>Refund</legend>
        <label>
          <input type="radio" value="units" disabled={!byUnits} {...form.register('kind')} />
          Units
        </label>
        <label>
          <input type="radio" value="amount" {...form.register('kind')} />
          An amount
        </label>
      </fieldset>
      {input.kind === 'units' ? (
        <RefundUnits order={order} form={form} />
      ) : (
        <Field label="Amount ($)" missing error={errors.amount?.message}>
          {(a11y) => (
            <input
              {...a11y}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              {...form.register('amount')}
            />
          )}
        </Field>
      )}
      <Field
        label="Reason"
        missing
        hint="Kept with the refund; the buyer reads it in the mail."
        error={errors.reason?.message}
      >
        {(a11y) => <textarea {...a11y} rows={3} {...form.register('reason')} />}
      </Field>
    </OrderMoveDialog>
  )
}
