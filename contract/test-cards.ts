// Test-payment mode (README, "Test-payment mode"): what each of Stripe's test payment methods
// does, with Stripe's own words. The server's test provider and the mock backend both follow it.

export const DECLINED = 'Your card was declined.'
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.'

export type TestCardOutcome = { pays: true } | { authenticate: true } | { declined: string }

/** Any payment method not listed here is declined with DECLINED. */
export const TEST_CARDS: Record<string, TestCardOutcome | undefined> = {
  pm_card_visa: { pays: true },
  pm_card_mastercard: { pays: true },
  pm_card_amex: { pays: true },
  pm_card_authenticationRequired: { authenticate: true },
  pm_card_chargeDeclined: { declined: DECLINED },
  pm_card_chargeDeclinedInsufficientFunds: { declined: 'Your card has insufficient funds.' },
  pm_card_chargeDeclinedExpiredCard: { declined: 'Your card has expired.' },
}

export const testCardOutcome = (paymentMethodId: string): TestCardOutcome =>
  TEST_CARDS[paymentMethodId] ?? { declined: DECLINED }
