import { type FieldValues, get, type UseFormReturn } from 'react-hook-form'
import { z } from 'zod'
import { Field } from '../../components/field'

// What the shipping, tax and discount forms share: a field bound by its path (a zone's method is
// `methods.0.price`), a yes/no box, and countries typed as one comma-separated line.

export type PricingForm = UseFormReturn<FieldValues>

const INPUT_MODES = { text: undefined, number: 'decimal', date: undefined } as const

export const errorAt = (form: PricingForm, path: string): string | undefined =>
  (get(form.formState.errors, path) as { message?: string } | undefined)?.message

export function TextField({
  form,
  path,
  label,
  type = 'text',
}: {
  form: PricingForm
  path: string
  label: string
  type?: keyof typeof INPUT_MODES
}) {
  return (
    <Field label={label} error={errorAt(form, path)}>
      {(control) => (
        <input
          {...control}
          type={type}
          inputMode={INPUT_MODES[type]}
          step={type === 'number' ? 'any' : undefined}
          {...form.register(path)}
        />
      )}
    </Field>
  )
}

export function CheckField({
  form,
  path,
  label,
  role,
}: {
  form: PricingForm
  path: string
  label: string
  role?: 'switch'
}) {
  return (
    <label className="admin-check">
      <input type="checkbox" role={role} {...form.register(path)} />
      {label}
    </label>
  )
}

/** "Spain, Portugal" as the list the API takes; blank parts are typing, not countries. */
export const countryList = z.string().transform((line) =>
  line
    .split(',')
    .map((country) => country.trim())
    .filter(Boolean),
)
