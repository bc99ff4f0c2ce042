import { useState } from 'react'
import type { Order, OrderAction } from '../../../contract/orders'
import { orderMutations } from '../../api/orders'
import { CancelDialog } from './cancel-dialog'
import { ConfirmDialog } from './confirm-dialog'
import { RefundDialog } from './refund-dialog'
import { ShipDialog } from './ship-dialog'
import { useOrderMove } from './use-order-move'

const LABELS: Record<OrderAction, string> = {
  ship: 'Ship',
  deliver: 'Mark delivered',
  cancel: 'Cancel order',
  refund: 'Refund',
}

/** The moves the order's state allows (the server's `actions`), each behind its own dialog. */
export function OrderActions({ order }: { order: Order }) {
  const [open, setOpen] = useState<OrderAction | null>(null)
  const close = () => setOpen(null)
  if (order.actions.length === 0)
    return <p className="admin-note">No further moves for a {order.status} sale.</p>
  return (
    <>
      <div className="admin-actions order-actions">
        {order.actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'ship' ? 'button button-primary' : 'button'}
            onClick={() => setOpen(action)}
          >
            {LABELS[action]}
          </button>
        ))}
      </div>
      {open === 'ship' && <ShipDialog saleId={order.id} onClose={close} />}
      {open === 'deliver' && <DeliverConfirm saleId={order.id} onClose={close} />}
      {open === 'cancel' && <CancelDialog order={order} onClose={close} />}
      {open === 'refund' && <RefundDialog order={order} onClose={close} />}
    </>
  )
}

function DeliverConfirm({ saleId, onClose }: { saleId: number; onClose: () => void }) {
  const deliver = useOrderMove(orderMutations.deliver(saleId), onClose)
  return (
    <ConfirmDialog
      title={`Mark sale ${saleId} delivered`}
      text="The buyer's order page will say it arrived."
      confirmLabel="Mark delivered"
      busy={deliver.isPending}
      onConfirm={() => deliver.mutate()}
      onCancel={onClose}
    />
  )
}
