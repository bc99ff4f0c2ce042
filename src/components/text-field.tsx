import type { ComponentProps } from 'react'
import { Field } from './field'

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  /** The visible label: the spec's field name, so people and tests find the field by it. */
  label: string
  error?: string | undefined
  /** A standing explanation under the field, e.g. the password rule. */
  hint?: string
}

/** The shared Field with an input: the shape every shop form registers with react-hook-form. */
export function TextField({ label, error, hint, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className="text-field">
      {/* The Field's id and aria wiring come last: a caller cannot unlink the label or error. */}
      {(control) => <input {...input} {...control} />}
    </Field>
  )
}
