import { z } from 'zod'
import { formatCents, toCents } from '../../../contract/money'
import { type Order, type RefundBody, refundBody } from '../../../contract/orders'

export type RefundKind = 'units' | 'amount'

/** What the refund dialog holds: a count per bought line (as typed), or an amount. */
export interface RefundInput {
  kind: RefundKind
  counts: string[]
  amount: string
  reason: string
  restock: boolean
}

const whole = (raw: string) => (raw.trim() === '' ? 0 : Number(raw))

/** Units still refundable on each line (a line whose instrument was deleted has none by units). */
export function unitsLeft(order: Order) {
  return order.lines.map((line) =>
    line.instrumentId === null ? 0 : Math.max(0, line.count - line.refunded),
  )
}

export function moneyLeftCents(order: Order) {
  return Math.max(0, order.payment.paidCents - order.payment.refundedCents)
}

/** The body the form asks for: the lines with a count, or the amount alone. */
export function toRefundBody(input: RefundInput, order: Order): RefundBody {
  const reason = input.reason
  if (input.kind === 'amount') {
    const amount = input.amount.trim() === '' ? undefined : Number(input.amount)
    return { amount, reason, restock: false }
  }
  const lines = order.lines.flatMap((line, index) => {
    const count = whole(input.counts[index] ?? '')
    return line.instrumentId !== null && count > 0
      ? [{ instrumentId: line.instrumentId, count }]
      : []
  })
  return { lines: lines.length > 0 ? lines : undefined, reason, restock: input.restock }
}

/** What the refund gives back, in cents, before the server prices it. */
export function refundCents(input: RefundInput, order: Order) {
  if (input.kind === 'amount') {
    const amount = Number(input.amount)
    return Number.isFinite(amount) && amount > 0 ? toCents(amount) : 0
  }
  return order.lines.reduce((sum, line, index) => {
    const count = whole(input.counts[index] ?? '')
    return Number.isInteger(count) && count > 0 ? sum + line.priceCents * count : sum
  }, 0)
}

// Where the contract's complaints are shown: its `lines` are the form's counts.
const FIELD_OF: Record<string, keyof RefundInput> = {
  lines: 'counts',
  amount: 'amount',
  reason: 'reason',
  restock: 'restock',
}

/**
 * The form's rules: no more units than are left on a line, no more money than is left to give
 * back, then the contract's own refund body (reason, two decimals, lines or an amount). The server
 * checks all of it again, under a lock, against what other admins refunded meanwhile.
 */
export function refundForm(order: Order) {
  const left = unitsLeft(order)
  const leftCents = moneyLeftCents(order)
  return z
    .object({
      kind: z.enum(['units', 'amount']),
      counts: z.array(z.string()),
      amount: z.string(),
      reason: z.string(),
      restock: z.boolean(),
    })
    .superRefine((input, ctx) => {
      // A count's own complaint goes under its line; the whole selection's (none chosen, more
      // than is left) under the units' group, only when no line has one (one place at a time).
      let lineTrouble = false
      if (input.kind === 'units') {
        input.counts.forEach((raw, index) => {
          const count = whole(raw)
          const most = left[index] ?? 0
          if (Number.isInteger(count) && count >= 0 && count <= most) return
          lineTrouble = true
          ctx.addIssue({
            code: 'custom',
            path: ['counts', index],
            message: most === 0 ? 'Nothing left to refund' : `From 0 to ${most}`,
          })
        })
      }
      if (lineTrouble) return
      if (refundCents(input, order) > leftCents)
        ctx.addIssue({
          code: 'custom',
          path: [input.kind === 'amount' ? 'amount' : 'counts'],
          message: `At most ${formatCents(leftCents)}, what is left of the payment`,
        })
      const body = refundBody.safeParse(toRefundBody(input, order))
      for (const issue of body.success ? [] : body.error.issues) {
        const named = FIELD_OF[String(issue.path[0])] ?? 'reason'
        // 'name the lines or an amount': under whichever the admin chose to fill.
        const field = named === 'counts' && input.kind === 'amount' ? 'amount' : named
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message })
      }
    })
    .transform((input) => toRefundBody(input, order))
}
