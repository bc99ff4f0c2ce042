import { toCents } from '../../contract/money'
import type { Order, PaymentStatus } from '../../contract/orders'
import type { Sale } from '../../contract/sales'

// Shared by the back office's and the order page's component tests: an order's answer made
// from a sale (its headline status kept), as GET /sales/{id} gives it.

export function orderOf(sale: Sale, overrides: Partial<Order> = {}): Order {
  const { instrument, ...rest } = sale
  const payment: PaymentStatus = 'succeeded'
  return {
    ...rest,
    totalCents: toCents(sale.cost),
    lines: instrument.map((line) => ({
      ...line,
      priceCents: toCents(line.price),
      refunded: 0,
      restocked: 0,
    })),
    payment: { status: payment, paidCents: toCents(sale.cost), refundedCents: 0, failure: null },
    refunds: [],
    shipment: null,
    timeline: [
      { kind: 'placed', at: sale.createdAt, admin: null, note: null },
      { kind: 'paid', at: sale.createdAt, admin: null, note: null },
    ],
    actions: ['ship', 'cancel', 'refund'],
    ...overrides,
  }
}

/** A sale's line of `count` Kyser capos at $75. */
const capos = (count: number): Sale['instrument'][number] => ({
  id: 12,
  instrumentId: 4,
  name: 'Capo',
  brand: 'Kyser',
  img: '',
  price: 75,
  count,
  discount: 0,
  tax: 0,
})

/** A Stratocaster and two capos ($1,350): the lines of a sale the order page and profile show. */
export const stratocasterAndTwoCapos: Sale['instrument'] = [
  {
    id: 11,
    instrumentId: 3,
    name: 'Stratocaster',
    brand: 'Fender',
    img: '',
    price: 1200,
    count: 1,
    discount: 0,
    tax: 0,
  },
  capos(2),
]

/** Who the test sales went to, as the checkout's userInfo. */
export const buyer = {
  cus_name: 'Ana Pérez',
  cus_email: 'ana@example.com',
  cus_phone: '1134567890',
  cus_address: 'Calle 1',
  cus_city: 'Córdoba',
  cus_country: 'Argentina',
  cus_zip: '5000',
}

/** A paid sale of one capo to the shopper of src/test/account-kit.ts; tests change what they need. */
export function aPaidSale(overrides: Partial<Sale> = {}): Sale {
  return {
    id: 41,
    status: 'succeeded',
    fulfilment: 'unfulfilled',
    cost: 75,
    ...{ subtotal: 75, discount: 0, shipping: 0, tax: 0, taxIncluded: true },
    ...{ discountCode: null, shippingMethod: null },
    refundedCents: 0,
    createdAt: '2026-03-04T10:11:12.000Z',
    updatedAt: '2026-03-04T10:11:12.000Z',
    ...buyer,
    userId: 1,
    instrument: [capos(1)],
    ...overrides,
  }
}
