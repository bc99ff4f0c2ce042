import { randomBytes } from 'node:crypto'
import { AUTHENTICATION_FAILED, testCardOutcome } from '../../contract/test-cards'
import { observedPayments } from './observed-provider'
import { NOT_COMPLETED, type PaymentService, type PaymentState } from './provider'

/** A test card's outcome as the payment's state (contract/test-cards.ts). */
function stateFor(paymentMethodId: string, clientSecret: string): PaymentState {
  const outcome = testCardOutcome(paymentMethodId)
  if ('pays' in outcome) return { status: 'succeeded' }
  if ('authenticate' in outcome) return { status: 'requires_action', clientSecret }
  return { status: 'failed', error: outcome.declined }
}

interface TestIntent {
  state: PaymentState | { status: 'created' }
  clientSecret: string
  amountCents: number
  refundedCents: number
}

// The built-in test provider: Stripe's PaymentIntents in memory (one process; a restart forgets
// them, and their sales are then released). It keeps refunded payment ids so tests can read them.
export function createTestPayment(): PaymentService & { readonly refunded: string[] } {
  let next = 1
  const intents = new Map<string, TestIntent>()
  const refunded: string[] = []
  const refunds = new Map<string, string>()
  const stateOf = (id: string): PaymentState => {
    const state = intents.get(id)?.state ?? { status: 'failed', error: NOT_COMPLETED }
    return state.status === 'created' ? { status: 'failed', error: NOT_COMPLETED } : state
  }
  return observedPayments({
    name: 'Test card',
    refunded,
    async create({ amountCents }) {
      const id = `test_pi_${Date.now()}_${next++}`
      intents.set(id, {
        state: { status: 'created' },
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        amountCents,
        refundedCents: 0,
      })
      return id
    },
    async confirm(id, paymentMethodId) {
      const intent = intents.get(id)
      if (intent?.state.status !== 'created') return stateOf(id)
      intent.state = stateFor(paymentMethodId, intent.clientSecret)
      return intent.state
    },
    async retrieve(id) {
      return stateOf(id)
    },
    async cancel(id) {
      const intent = intents.get(id)
      if (intent && intent.state.status !== 'succeeded') {
        intent.state = { status: 'failed', error: NOT_COMPLETED }
      }
      return stateOf(id)
    },
    // As Stripe's: never more than is left, once per idempotency key.
    async refund({ paymentId, amountCents, idempotencyKey }) {
      const done = refunds.get(idempotencyKey)
      if (done) return done
      const intent = intents.get(paymentId)
      // Any state: a payment a webhook reports paid after its cancel (a race tests stage) is too.
      if (!intent) throw new Error(`No such payment to refund: ${paymentId}`)
      const left = intent.amountCents - intent.refundedCents
      const amount = amountCents ?? left
      if (amount <= 0 || amount > left) {
        throw new Error(`Refund amount (${amount}) is greater than the unrefunded amount (${left})`)
      }
      intent.refundedCents += amount
      refunded.push(paymentId)
      const id = `test_re_${next++}`
      refunds.set(idempotencyKey, id)
      return id
    },
    async authenticate(clientSecret, outcome) {
      // As Stripe's, a client secret starts with its payment's id.
      const intent = intents.get(clientSecret.split('_secret_')[0] ?? '')
      if (intent?.clientSecret !== clientSecret || intent.state.status !== 'requires_action') {
        return false
      }
      intent.state =
        outcome === 'complete'
          ? { status: 'succeeded' }
          : { status: 'failed', error: AUTHENTICATION_FAILED }
      return true
    },
  })
}
