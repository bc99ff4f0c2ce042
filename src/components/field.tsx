import { type ReactNode, useId } from 'react'

interface ControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

interface FieldProps {
  label: ReactNode
  error?: string | undefined
  hint?: ReactNode
  missing?: boolean
  className?: string
  children: (control: ControlProps) => ReactNode
}

// The error sits under its field (docs/product.md §5), wired so screen readers announce it with the control.
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
