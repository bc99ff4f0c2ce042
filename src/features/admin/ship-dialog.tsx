import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { type ShipmentBody, shipmentBody } from '../../../contract/orders'
import { orderMutations } from '../../api/orders'
import { Field } from '../../components/field'
import { OrderMoveDialog } from './order-move-dialog'
import { useOrderMove } from './use-order-move'

/** Ship: the carrier and tracking number the shopper will see, and the carrier's link if any. */
export function ShipDialog({ saleId, onClose }: { saleId: number; onClose: () => void }) {
  const form = useForm<ShipmentBody>({
    resolver: zodResolver(shipmentBody),
    mode: 'onTouched',
    defaultValues: { carrier: '', trackingNumber: '', trackingUrl: '' },
  })
  const ship = useOrderMove(orderMutations.ship(saleId), onClose, (field, message) =>
    form.setError(field as keyof ShipmentBody, { message }),
  )
  const { errors } = form.formState
  return (
    <OrderMoveDialog
      title={`Ship sale ${saleId}`}
      submitLabel={ship.isPending ? 'Shipping…' : 'Ship'}
      busy={ship.isPending}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => ship.mutate(body))}
    >
      <Field label="Carrier" missing error={errors.carrier?.message}>
        {(a11y) => <input {...a11y} autoComplete="off" {...form.register('carrier')} />}
      </Field>
      <Field label="Tracking number" missing error={errors.trackingNumber?.message}>
        {(a11y) => (
          <input
            {...a11y}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...form.register('trackingNumber')}
          />
        )}
      </Field>
      <Field
        label="Tracking link (optional)"
        hint="The carrier's page for this parcel; the shopper gets it in the mail."
        error={errors.trackingUrl?.message}
      >
        {(a11y) => (
          <input
            {...a11y}
            type="url"
            inputMode="url"
            placeholder="https://"
            {...form.register('trackingUrl')}
          />
        )}
      </Field>
    </OrderMoveDialog>
  )
}
