import { type ReactNode, useId } from 'react'

interface ControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

interface FieldProps {
  /** The visible label: the spec's field name (docs/architecture.md, testing). */
  label: ReactNode
  error?: string | undefined
  hint?: ReactNode
  /** Spec 5, instrument form: an empty required field is flagged '*'. */
  missing?: boolean
  className?: string
  children: (control: ControlProps) => ReactNode
}

/**
 * A label, its control and the error under it (spec 5: errors are shown under the field), wired
 * so screen readers announce the error with the control.
 * `<Field label="email" error={e}>{(p) => <input {...p} type="email" />}</Field>`
 */
export function Field({ label, error, hint, missing, className = '', children }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy =
    [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>
        {label}
        {missing && (
          <span className="required-mark" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
