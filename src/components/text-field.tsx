import type { ComponentProps } from 'react'
import { Field } from './field'

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  label: string
  error?: string | undefined
  hint?: string
}

export function TextField({ label, error, hint, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className="text-field">
      {/* The Field's id and aria wiring come last: a caller cannot unlink the label or error. */}
      {(control) => <input {...input} {...control} />}
    </Field>
  )
}
