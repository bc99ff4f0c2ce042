import type { ReactNode } from 'react'
import { Dialog } from '../../components/dialog'

interface ModalProps {
  title: string
  onClose: () => void
  children: ReactNode
}

export function Modal({ title, onClose, children }: ModalProps) {
  return (
    <Dialog open title={title} onClose={onClose} width={750} className="admin-modal-wide">
      {children}
    </Dialog>
  )
}
