import { Dialog } from '../../components/dialog'

interface ConfirmDialogProps {
  title: string
  text: string
  /** What the action touches, by name, so the administrator sees which row they chose. */
  subject?: string
  confirmLabel: string
  busy?: boolean
  /** Deleting is destructive and looks it; updating does not. */
  danger?: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog
      open
      role="alertdialog"
      title={props.title}
      onClose={props.onCancel}
      width={440}
      actions={
        <>
          <button
            type="button"
            className={props.danger ? 'button admin-button-danger' : 'button button-primary'}
            disabled={props.busy}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </button>
          <button type="button" className="button" onClick={props.onCancel}>
            Cancelar
          </button>
        </>
      }
    >
      {props.subject && <p className="admin-confirm-subject">{props.subject}</p>}
      <p className="admin-confirm-text">{props.text}</p>
    </Dialog>
  )
}
