import { type ReactNode, useId } from 'react'

export interface FieldA11y {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

interface FormFieldProps {
  /** The spec's field name. */
  label: string
  error?: string | undefined
  /** Spec 5, instrument form: an empty required field is flagged '*'. */
  missing?: boolean
  children: (a11y: FieldA11y) => ReactNode
}

/** A labelled control with its error under it: the one field layout of the admin forms. */
export function FormField({ label, error, missing, children }: FormFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="admin-field">
      <label htmlFor={id}>
        {label}
        {missing && (
          <span className="required-mark" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
