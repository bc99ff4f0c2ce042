import { z } from 'zod'
import { FULFILMENTS, isPaid, ORDER_STATUSES } from './order-states'
import { countryField, quoteBody } from './pricing'
import { emailField, idField, MAX_LENGTH, phoneField, required, text } from './rules'

export const checkoutCustomer = z.object({
  cus_name: required('Input required'),
  cus_email: emailField('Input required'),
  cus_phone: phoneField(),
  cus_address: required('Input required', MAX_LENGTH.address),
  cus_city: required('Input required'),
  cus_country: required('Input required'),
  cus_zip: required('Input required', 20),
})
export type CheckoutCustomer = z.infer<typeof checkoutCustomer>

// POST /payment. Only the instrument ids and counts are trusted; `amount` is checked against
// the server's own total and `token` is ignored in favour of the Authorization header. The order
// is priced as the quote prices it (contract/pricing.ts): `country` defaults to the address's.
export const paymentBody = z.object({
  id: required('Required', MAX_LENGTH.token),
  items: z
    .array(
      z.object({
        id: idField,
        count: z.number().int('count must be a whole number').min(1).max(1000),
      }),
    )
    .min(1, 'The cart is empty')
    .max(100, 'at most 100 lines'),
  amount: z.number().nonnegative().optional(),
  token: text(MAX_LENGTH.token).optional(),
  userInfo: checkoutCustomer,
  country: countryField().optional(),
  shippingMethodId: quoteBody.shape.shippingMethodId,
  discountCode: quoteBody.shape.discountCode,
})
export type PaymentBody = z.input<typeof paymentBody>

export const saleItem = z.object({
  id: z.number(),
  instrumentId: z.number().nullable(),
  name: z.string(),
  brand: z.string(),
  img: z.string(),
  price: z.number(),
  count: z.number(),
  /** This line's share of the code's discount, and the tax in (or on) it. */
  discount: z.number(),
  tax: z.number(),
  rated: z.boolean().optional(),
})
export type SaleItem = z.infer<typeof saleItem>

// A sale's `status` is the order's headline (contract/order-states.ts): where the money is, and
// once paid, where the goods are.
export const SALE_STATUSES = ORDER_STATUSES
export const saleStatus = z.enum(SALE_STATUSES)
export type SaleStatus = z.infer<typeof saleStatus>
/** The status a payment settles to; only paid sales count (isPaid). */
export const PAID: SaleStatus = 'succeeded'
export { isPaid }

/** A sale's price beside its total, in this order wherever they are listed together. */
export const SALE_PRICE_PARTS = [
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'taxIncluded',
  'discountCode',
  'shippingMethod',
] as const

export const sale = z.object({
  id: z.number(),
  status: saleStatus,
  fulfilment: z.enum(FULFILMENTS),
  /** The total paid: subtotal − discount + shipping, + tax when prices excluded it. */
  cost: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  taxIncluded: z.boolean(),
  /** The code and the method as they were named when bought. */
  discountCode: z.string().nullable(),
  shippingMethod: z.string().nullable(),
  /** Given back so far, in cents: the summary and the chart count `cost` net of it. */
  refundedCents: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  cus_name: z.string(),
  cus_email: z.string(),
  cus_phone: z.string(),
  cus_address: z.string(),
  cus_city: z.string(),
  cus_country: z.string(),
  cus_zip: z.string(),
  userId: z.number().nullable(),
  instrument: z.array(saleItem),
})
export type Sale = z.infer<typeof sale>

export const paymentResponse = z.object({ ok: z.string(), sale })
export type PaymentResponse = z.infer<typeof paymentResponse>

export const paymentAction = z.object({
  status: z.literal('requires_action'),
  client_secret: z.string(),
  paymentIntentId: z.string(),
})
export type PaymentAction = z.infer<typeof paymentAction>

export type PaymentAnswer = PaymentResponse | PaymentAction | { error: string }

const paymentIntentId = required('Required', MAX_LENGTH.token)

export const confirmPaymentBody = z.object({ paymentIntentId })
export type ConfirmPaymentBody = z.input<typeof confirmPaymentBody>

export const testAuthenticationBody = z.object({
  client_secret: required('Required', MAX_LENGTH.token),
  outcome: z.enum(['complete', 'fail']),
})
export type TestAuthenticationBody = z.input<typeof testAuthenticationBody>
