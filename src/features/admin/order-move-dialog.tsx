import type { FormEventHandler, ReactNode } from 'react'
import { Dialog } from '../../components/dialog'

interface MoveDialogProps {
  title: string
  submitLabel: string
  busy: boolean
  /** Cancel and refund give money back: the button looks as final as it is. */
  danger?: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  onClose: () => void
  children: ReactNode
}

/** The form of one move on an order, opened over Detalles (dialogs stack). */
export function OrderMoveDialog(props: MoveDialogProps) {
  return (
    <Dialog open title={props.title} onClose={props.onClose} width={520}>
      <form className="admin-form order-move-form" noValidate onSubmit={props.onSubmit}>
        {props.children}
        <div className="admin-actions order-move-actions">
          <button
            type="submit"
            className={props.danger ? 'button admin-button-danger' : 'button button-primary'}
            disabled={props.busy}
          >
            {props.submitLabel}
          </button>
          <button type="button" className="button" onClick={props.onClose}>
            Cancelar
          </button>
        </div>
      </form>
    </Dialog>
  )
}
