import type { FormEventHandler, ReactNode } from 'react'

interface AccountFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>
  submitLabel: string
  busy: boolean
  children: ReactNode
}

export function AccountForm({ onSubmit, submitLabel, busy, children }: AccountFormProps) {
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      {children}
      <button type="submit" className="account-primary" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  )
}
