import type { ComponentProps } from 'react'
import { Field } from '../../components/field'

/** An input in the shared Field: its label, and its first failing rule under it (spec 5). */
export function CheckoutField({
  label,
  error,
  ...input
}: ComponentProps<'input'> & { label: string; error?: string | undefined }) {
  return (
    <Field label={label} error={error} className="checkout-field">
      {(control) => <input {...control} {...input} />}
    </Field>
  )
}
