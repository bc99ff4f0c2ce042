import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'
import { sales } from '../db/schema/sales'
import type { PaymentRequest, PaymentService } from '../payments'
import { createTestPayment } from '../payments'
import { customer } from './fixtures'
import type { createTestApi } from './harness'

type TestApi = Awaited<ReturnType<typeof createTestApi>>
type NewInstrument = typeof instruments.$inferInsert

/** The test card whose bank answers late in the slow-bank test and bench. */
export const SLOW_BANK_CARD = 'pm_card_mastercard'

/** The body of POST /payment: one unit of an instrument, paid with a test card. */
export const cardPayment = (card: string, instrumentId: number) => ({
  id: card,
  items: [{ id: instrumentId, count: 1 }],
  userInfo: customer,
})

export async function addCategory(db: Database, name: string) {
  const [row] = await db.insert(categories).values({ name }).returning()
  return row?.id ?? 0
}

/** Puts an instrument on sale; what the test leaves out is that of a plain new one. */
export async function stockInstrument(
  db: Database,
  values: Pick<NewInstrument, 'name' | 'price' | 'stock' | 'categoryId'> & Partial<NewInstrument>,
) {
  const plain = { brand: 'Yamaha', img: '/images/instrument.webp', description: 'An instrument.' }
  const [row] = await db
    .insert(instruments)
    .values({ ...plain, status: 'New', ...values })
    .returning()
  if (!row) throw new Error('instrument not inserted')
  return row
}

export const unitsLeft = async (db: Database, instrumentId: number) =>
  (await db.select().from(instruments).where(eq(instruments.id, instrumentId)))[0]?.stock

export const saleByPayment = async (db: Database, paymentId: string) =>
  (await db.select().from(sales).where(eq(sales.paymentId, paymentId)))[0]

/**
 * The shop of a payment test, on the API given to `open` (in beforeAll): one category of numbered
 * instruments of a kind (Upright 1, Upright 2…, each with its own image so that a sale's lines can
 * be told apart) and a buyer signed in.
 */
export function paymentShop(kind: {
  category: string
  name: string
  brand: string
  price: number
  stock: number
}) {
  const { category, ...instrument } = kind
  let t: TestApi | undefined
  let categoryId = 0
  let counter = 0
  const db = () => {
    if (!t) throw new Error('open the shop in beforeAll first')
    return t.db
  }
  return {
    async open(api: TestApi) {
      t = api
      categoryId = await addCategory(api.db, category)
      return api.makeAccount()
    },
    addInstrument(values: Partial<NewInstrument> = {}) {
      counter += 1
      const name = `${instrument.name} ${counter}`
      const img = `/images/${instrument.name.toLowerCase()}-${counter}.webp`
      return stockInstrument(db(), { ...instrument, name, img, categoryId, ...values })
    },
    stockOf: (instrumentId: number) => unitsLeft(db(), instrumentId),
    saleOf: (paymentId: string) => saleByPayment(db(), paymentId),
  }
}

/**
 * Two buyers race for the last units of a harp: the first one pays with SLOW_BANK_CARD, the second
 * with a plain card once the first one's card is at the bank. Answers when the second one is
 * answered; the first one's answer is still to come.
 */
export async function raceForLastUnits<Buyer, Answer>(race: {
  db: Database
  harp: { name: string; stock: number; categoryId: number }
  buyer: () => Promise<Buyer>
  pay: (buyer: Buyer, harpId: number, card: string) => Promise<Answer>
  firstAtBank: (first: Buyer) => Promise<void>
}) {
  const harp = await stockInstrument(race.db, {
    ...race.harp,
    brand: 'Salvi',
    price: 900,
    img: '/images/harp.webp',
    description: 'A pedal harp.',
  })
  const [first, second] = [await race.buyer(), await race.buyer()]
  let firstAnswered = false
  const slow = race.pay(first, harp.id, SLOW_BANK_CARD).then((answer) => {
    firstAnswered = true
    return answer
  })
  await race.firstAtBank(first)
  const fast = await race.pay(second, harp.id, 'pm_card_visa')
  return { harp, first: slow, second: fast, secondBeforeFirst: !firstAnswered }
}

/** The test provider, noting every payment opened at it (`opened`); `confirm` may be replaced. */
export function recordingPayments(confirm?: PaymentService['confirm']) {
  const provider = createTestPayment()
  const opened: PaymentRequest[] = []
  const payment: PaymentService = {
    ...provider,
    create: (request) => {
      opened.push(request)
      return provider.create(request)
    },
    confirm: confirm ?? provider.confirm,
  }
  return { provider, payment, opened }
}
