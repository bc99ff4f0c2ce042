import type { UseFormReturn } from 'react-hook-form'
import { formatCents } from '../../../contract/money'
import type { Order, RefundBody } from '../../../contract/orders'
import { Field } from '../../components/field'
import { type RefundInput, unitsLeft } from './refund-form'

/** A count per bought line (none left: no field), and whether the units go back on sale. */
export function RefundUnits({
  order,
  form,
}: {
  order: Order
  form: UseFormReturn<RefundInput, unknown, RefundBody>
}) {
  const left = unitsLeft(order)
  const { errors } = form.formState
  // The whole selection's complaint: RHF files an error on an array of fields under `root`.
  const unitsError = errors.counts?.root?.message ?? errors.counts?.message
  return (
    <>
      <fieldset className="refund-units" aria-describedby="refund-units-error">
        <legend>Units to refund</legend>
        {order.lines.map((line, index) => {
          const most = left[index] ?? 0
          const hint =
            line.instrumentId === null
              ? 'No longer in the catalogue: refund it as an amount'
              : `${most} of ${line.count} left · ${formatCents(line.priceCents)} each`
          return (
            <Field
              key={line.id}
              label={line.name}
              hint={hint}
              error={errors.counts?.[index]?.message}
              className="refund-line"
            >
              {(a11y) => (
                <input
                  {...a11y}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={most}
                  step={1}
                  placeholder="0"
                  disabled={most === 0}
                  {...form.register(`counts.${index}`)}
                />
              )}
            </Field>
          )
        })}
        {unitsError && (
          <p id="refund-units-error" className="field-error" role="alert">
            {unitsError}
          </p>
        )}
      </fieldset>
      <label className="refund-restock">
        <input type="checkbox" {...form.register('restock')} />
        Put the refunded units back in stock
      </label>
    </>
  )
}
