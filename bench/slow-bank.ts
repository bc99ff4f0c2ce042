/**
 * npm run bench:slow-bank: two buyers of the last unit while the first one's bank is slow. The
 * Stripe stand-in (e2e/stand-ins) answers the first buyer's card after BANK_MS; the figures show
 * whether the second buyer waits for it. PGlite in memory, or DATABASE_URL.
 * A measurement, not a test: it prints a table and exits 0 whatever the figures are.
 */

import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { createApi } from '../server/app'
import { openDatabase } from '../server/db/client'
import { accounts } from '../server/db/schema/accounts'
import { sales } from '../server/db/schema/sales'
import { createDeps } from '../server/deps'
import { readEnv } from '../server/env'
import { startProcess, stopProcess } from '../server/test/cluster/processes'
import {
  addCategory,
  cardPayment,
  raceForLastUnits,
  SLOW_BANK_CARD,
} from '../server/test/payment-kit'

const BANK_MS = Number(process.env.BANK_MS ?? 3000)
const ROUNDS = 5

const stripe = await startProcess({
  name: 'Stripe stand-in',
  script: 'e2e/stand-ins/stripe-api.mjs',
  env: { STRIPE_STAND_IN_PORT: '0', STRIPE_WEBHOOK_URL: undefined },
  ready: /Stripe stand-in on (\d+)/,
})
const stripeUrl = `http://127.0.0.1:${stripe.port}`
await fetch(`${stripeUrl}/test/slow-bank`, {
  method: 'POST',
  body: new URLSearchParams({ payment_method: SLOW_BANK_CARD, ms: String(BANK_MS) }),
})

const env = readEnv({
  DATA_DIR: 'memory://',
  SEED: '0',
  JWT_SECRET: randomBytes(32).toString('hex'),
  STRIPE_SECRET_KEY: 'sk_test_bench',
  STRIPE_API_URL: stripeUrl,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
})
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
const deps = await createDeps(database, env)
const api = createApi(deps)
const { db } = database

const categoryId = await addCategory(db, `Bench ${randomBytes(3).toString('hex')}`)

async function shopper() {
  const userName = `bench_${randomBytes(4).toString('hex')}`
  const [row] = await db
    .insert(accounts)
    .values({
      kind: 'user',
      rol: 'user',
      userName,
      email: `${userName}@example.com`,
      passwordHash: 'not-used',
    })
    .returning()
  if (!row) throw new Error('account not created')
  const token = await deps.tokens.sign({
    sub: String(row.id),
    userName,
    user_rol: 'user',
    ver: row.tokenVersion,
  })
  return { id: row.id, token }
}

async function pay(buyer: { token: string }, instrumentId: number, card: string) {
  const started = performance.now()
  const res = await api.request('/payment', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${buyer.token}` },
    body: JSON.stringify(cardPayment(card, instrumentId)),
  })
  return { status: res.status, ms: performance.now() - started }
}

async function round(stock: number) {
  const { first, second } = await raceForLastUnits({
    db,
    harp: { name: `Bench harp ${randomBytes(3).toString('hex')}`, stock, categoryId },
    buyer: shopper,
    pay,
    // The first buyer's unit is reserved and its card is at the bank before the second one pays.
    firstAtBank: async (buyer) => {
      while ((await db.select().from(sales).where(eq(sales.userId, buyer.id))).length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
  })
  return { first: await first, second }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

console.log(`Database: ${database.kind}; the first buyer's bank answers after ${BANK_MS} ms`)
console.log('units left | first buyer (slow bank) | second buyer          | second answered')
for (const stock of [1, 2]) {
  const rounds: Awaited<ReturnType<typeof round>>[] = []
  for (let n = 0; n < ROUNDS; n += 1) rounds.push(await round(stock))
  const statuses = (pick: 'first' | 'second') => [...new Set(rounds.map((r) => r[pick].status))]
  const firstMs = median(rounds.map((r) => r.first.ms)) ?? 0
  const secondMs = median(rounds.map((r) => r.second.ms)) ?? 0
  const before = rounds.every((r) => r.second.ms < r.first.ms)
  console.log(
    `${String(stock).padEnd(10)} | ${statuses('first')} in ${firstMs.toFixed(0).padStart(5)} ms (median) | ` +
      `${statuses('second')} in ${secondMs.toFixed(0).padStart(4)} ms (median) | ` +
      `${before ? 'before the first, every round' : 'AFTER the first in some round'}`,
  )
}

await stopProcess(stripe)
await database.close()
process.exit(0)
