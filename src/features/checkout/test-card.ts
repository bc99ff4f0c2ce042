import { z } from 'zod'

// docs/architecture.md, test-payment mode: the card number picks the Stripe test payment method
// that the server's built-in test provider understands. No real card is ever accepted here.
const TEST_CARDS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '5555555555554444': 'pm_card_mastercard',
  '378282246310005': 'pm_card_amex',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
  '4000002500003155': 'pm_card_authenticationRequired',
}

export const UNKNOWN_TEST_CARD =
  'Not a test card: use 4242 4242 4242 4242 (paid) or 4000 0000 0000 0002 (declined)'

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '')

export function testPaymentMethod(cardNumber: string): string | undefined {
  return TEST_CARDS[digitsOnly(cardNumber)]
}

/** Expiry MM/YY: the card is good through the last day of that month. */
export function isExpired(expiry: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim())
  if (!match) return true
  const endOfMonth = new Date(2000 + Number(match[2]), Number(match[1]), 1)
  return endOfMonth <= now
}

export const testCard = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'Input required')
    .regex(/^[\d\s-]{12,23}$/, 'Enter the card number')
    .refine((v) => testPaymentMethod(v) !== undefined, UNKNOWN_TEST_CARD),
  expiry: z
    .string()
    .trim()
    .min(1, 'Input required')
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Use MM/YY')
    .refine((v) => !isExpired(v), 'This card has expired'),
  cvc: z
    .string()
    .trim()
    .min(1, 'Input required')
    .regex(/^\d{3,4}$/, 'CVC has 3 or 4 digits'),
})
export type TestCard = z.infer<typeof testCard>

export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** `1230` becomes `12/30` as it is typed, as the card number groups itself. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}
