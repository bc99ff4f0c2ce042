import { type FormEventHandler, type ReactNode, useId } from 'react'

interface CreatePanelProps {
  title: string
  onSubmit: FormEventHandler<HTMLFormElement>
  onCancel: () => void
  submitLabel: string
  cancelLabel: string
  submitDisabled: boolean
  note?: string
  children: ReactNode
}

export function CreatePanel(props: CreatePanelProps) {
  const titleId = useId()
  return (
    <section className="admin-create" aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      <form className="admin-form" noValidate onSubmit={props.onSubmit}>
        <div className="admin-form-grid">{props.children}</div>
        {props.note && <p className="admin-note">{props.note}</p>}
        <div className="admin-actions">
          <button type="submit" className="button button-primary" disabled={props.submitDisabled}>
            {props.submitLabel}
          </button>
          <button type="button" className="button" onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
        </div>
      </form>
    </section>
  )
}
