// What the shop asks of a card payment provider: Stripe (provider.ts) or the test stand-in.
export interface PaymentRequest {
  amountCents: number
  description: string
  /** Written on the payment, so a webhook finds its sale even if the payment id was never stored. */
  saleId: number
  idempotencyKey: string
}

export interface RefundRequest {
  paymentId: string
  amountCents?: number
  /** The same key never refunds twice, however often the call is retried. */
  idempotencyKey: string
  /** The shop's refund row, written on the provider's refund. */
  refundId?: number
}

export type PaymentState =
  | { status: 'succeeded' }
  | { status: 'requires_action'; clientSecret: string }
  | { status: 'processing' }
  | { status: 'failed'; error: string }

export interface PaymentService {
  readonly name: string
  create(request: PaymentRequest): Promise<string>
  confirm(paymentId: string, paymentMethodId: string): Promise<PaymentState>
  retrieve(paymentId: string): Promise<PaymentState>
  cancel(paymentId: string): Promise<PaymentState>
  /** Gives money back (all of it without `amountCents`); answers the provider's refund id. */
  refund(request: RefundRequest): Promise<string>
  authenticate?(clientSecret: string, outcome: 'complete' | 'fail'): Promise<boolean>
}
