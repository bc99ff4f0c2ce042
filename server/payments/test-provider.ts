import { randomBytes } from 'node:crypto'
import {
  AUTHENTICATION_FAILED,
  DECLINED,
  NOT_COMPLETED,
  type PaymentService,
  type PaymentState,
} from './provider'

const TEST_CARDS: Record<string, PaymentState | undefined> = {
  pm_card_visa: { status: 'succeeded' },
  pm_card_mastercard: { status: 'succeeded' },
  pm_card_amex: { status: 'succeeded' },
  pm_card_authenticationRequired: { status: 'requires_action', clientSecret: '' },
  pm_card_chargeDeclined: { status: 'failed', error: DECLINED },
  pm_card_chargeDeclinedInsufficientFunds: {
    status: 'failed',
    error: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedExpiredCard: { status: 'failed', error: 'Your card has expired.' },
}

interface TestIntent {
  state: PaymentState | { status: 'created' }
  clientSecret: string
}

// The built-in test provider: Stripe's PaymentIntents in memory (one process; a restart forgets
// them, and their sales are then released). It keeps refunded payment ids so tests can read them.
export function createTestPayment(): PaymentService & { readonly refunded: string[] } {
  let next = 1
  const intents = new Map<string, TestIntent>()
  const refunded: string[] = []
  const stateOf = (id: string): PaymentState => {
    const state = intents.get(id)?.state ?? { status: 'failed', error: NOT_COMPLETED }
    return state.status === 'created' ? { status: 'failed', error: NOT_COMPLETED } : state
  }
  return {
    name: 'Test card',
    refunded,
    async create() {
      const id = `test_pi_${Date.now()}_${next++}`
      intents.set(id, {
        state: { status: 'created' },
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      })
      return id
    },
    async confirm(id, paymentMethodId) {
      const intent = intents.get(id)
      if (intent?.state.status !== 'created') return stateOf(id)
      const outcome = TEST_CARDS[paymentMethodId] ?? { status: 'failed', error: DECLINED }
      intent.state =
        outcome.status === 'requires_action'
          ? { status: 'requires_action', clientSecret: intent.clientSecret }
          : outcome
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
    async refund(id) {
      refunded.push(id)
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
  }
}
