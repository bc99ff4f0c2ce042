import type { ReactNode } from 'react'
import { Dialog } from '../../components/dialog'

interface ModalProps {
  title: string
  onClose: () => void
  children: ReactNode
}

/** Spec 9: the back office's 750 px modal (the whole screen on a phone), on the shared Dialog. */
export function Modal({ title, onClose, children }: ModalProps) {
  return (
    <Dialog open title={title} onClose={onClose} width={750} className="admin-modal-wide">
      {children}
    </Dialog>
  )
}
