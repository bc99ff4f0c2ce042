import { formatCents } from '../../contract/money'
import type { Transaction } from '../db/client'
import type { sales } from '../db/schema/sales'
import type { Env } from '../env'
import { greeting, queueMail } from '../mail'
import { shopOrigin } from '../shop-origin'

type SaleRow = typeof sales.$inferSelect
type Origin = Pick<Env, 'PUBLIC_URL' | 'PORT'>

// The shopper hears of each step of an order through the outbox, in the transaction that takes
// the step, with a link to the order page (which needs their sign-in). Only the shop's words and
// the admin's carrier, tracking and reason: never another shopper's text.

const orderLink = (env: Origin, saleId: number) => `${shopOrigin(env)}/user/orders/${saleId}`

export async function queueShippedMail(tx: Transaction, env: Origin, sale: SaleRow) {
  await queueMail(tx, {
    to: sale.cusEmail,
    subject: `Your Instrument Shop order #${sale.id} has shipped`,
    text: [
      greeting(sale.cusName),
      '',
      `your order #${sale.id} is on its way with ${sale.carrier}, tracking number ${sale.trackingNumber}.`,
      ...(sale.trackingUrl ? [`Follow the parcel: ${sale.trackingUrl}`] : []),
      '',
      `Your order: ${orderLink(env, sale.id)}`,
    ].join('\n'),
  })
}

export async function queueRefundMail(
  tx: Transaction,
  env: Origin,
  sale: SaleRow,
  refund: { amountCents: number; reason: string; cancelled: boolean },
) {
  const amount = formatCents(refund.amountCents)
  // A cancel may give no money back: the order cost nothing, or was refunded in full before.
  const nothingBack = refund.amountCents === 0
  const what = nothingBack
    ? `your order #${sale.id} was cancelled. Nothing was left to refund to your card.`
    : refund.cancelled
      ? `your order #${sale.id} was cancelled and ${amount} was refunded to your card.`
      : `${amount} of your order #${sale.id} was refunded to your card.`
  await queueMail(tx, {
    to: sale.cusEmail,
    subject: refund.cancelled
      ? `Your Instrument Shop order #${sale.id} was cancelled`
      : `A refund on your Instrument Shop order #${sale.id}`,
    text: [
      greeting(sale.cusName),
      '',
      what,
      `Reason: ${refund.reason}`,
      ...(nothingBack ? [] : ['Your bank may take a few days to show it.']),
      '',
      `Your order: ${orderLink(env, sale.id)}`,
    ].join('\n'),
  })
}
