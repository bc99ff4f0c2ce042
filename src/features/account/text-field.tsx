import type { ComponentProps } from 'react'
import { Field } from '../../components/field'

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  /** The visible label: the spec's field name, so people and tests find the field by it. */
  label: string
  error?: string | undefined
  /** A standing explanation under the field, e.g. the password rule. */
  hint?: string
}

/** The shared Field with a text input: the shape every account form registers with react-hook-form. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={`account-field ${className ?? ''}`}>
      {(control) => <input {...input} {...control} />}
    </Field>
  )
}
