import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedInstruments } from '../../../contract/demo-catalogue'
import type { OwnProcess } from './processes'
import { stopProcess } from './processes'
import {
  ADMIN_PASSWORD,
  type Answer,
  call,
  type ShopCluster,
  startShopCluster,
} from './shop-cluster'

// Three `npm start` processes on one empty PostgreSQL, requests spread over them.
let cluster: ShopCluster
let shops: OwnProcess[]
beforeAll(async () => {
  cluster = await startShopCluster(3)
  shops = cluster.shops
}, 180_000)
afterAll(() => cluster?.stop(), 60_000)

const shop = (n: number) => shops[n % shops.length] as OwnProcess

async function login(on: OwnProcess, userName: string, password: string, from?: string) {
  const res = await call(on, 'POST', '/auth/login', { body: { userName, password }, from })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.token as string
}

const customer = {
  cus_name: 'Ana Buyer',
  cus_email: 'ana@example.com',
  cus_phone: '+54 11 5555 0101',
  cus_address: 'Av. Corrientes 1234',
  cus_city: 'Buenos Aires',
  cus_country: 'Argentina',
  cus_zip: '1043',
}

/** Ten shoppers, each signed up and signed in through a different process than the last. */
async function signUpBuyers(count: number) {
  const run = randomUUID().slice(0, 6)
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const userName = `buyer${n}_${run}`
      const from = `203.0.113.${n + 10}`
      const password = 'buyerpass123'
      const signUp = await call(shop(n), 'POST', '/auth/register', {
        body: { userName, email: `${userName}@example.com`, password, confirmpassword: password },
        from,
      })
      expect(signUp.status, JSON.stringify(signUp.body)).toBe(200)
      return { userName, from, token: await login(shop(n + 1), userName, password, from) }
    }),
  )
}

async function addInstrument(adminToken: string, fields: { name: string; stock: number }) {
  const [category] = await cluster.sql<{ name: string }[]>`
    SELECT name FROM categories WHERE NOT is_banned ORDER BY id LIMIT 1`
  const res = await call(shop(0), 'POST', '/instruments', {
    token: adminToken,
    body: {
      ...fields,
      brand: 'Cluster',
      price: 10,
      img: '/images/instruments/fender-player-stratocaster.svg',
      description: 'An instrument made by the cluster test.',
      status: 'New',
      category: category?.name,
    },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.instrument.id as number
}

const order = (id: number, count = 1) => ({
  id: 'pm_card_visa',
  items: [{ id, count }],
  userInfo: customer,
})

describe('three processes on one PostgreSQL', () => {
  it('all come up on an empty database, migrated once, seeded once, with one signing secret', async () => {
    const journal = JSON.parse(readFileSync('server/db/migrations/meta/_journal.json', 'utf8'))
    const [migrations] =
      await cluster.sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`
    expect(migrations?.n).toBe(journal.entries.length)
    const [admins] = await cluster.sql`SELECT count(*)::int AS n FROM accounts WHERE kind = 'admin'`
    expect(admins?.n).toBe(1)
    const [catalogue] = await cluster.sql`SELECT count(*)::int AS n FROM instruments`
    expect(catalogue?.n).toBe(seedInstruments.length)
    // server_settings also keeps the stock digest's day: only the signing secret is counted.
    const [secrets] =
      await cluster.sql`SELECT count(*)::int AS n FROM server_settings WHERE name = 'jwt_secret'`
    expect(secrets?.n).toBe(1)
    const seeders = shops.filter((p) => p.output().includes('Created the demo shoppers'))
    expect(seeders).toHaveLength(1)
  })

  it('accepts a token signed by any one of them on the others', async () => {
    for (const [n, signer] of shops.entries()) {
      const token = await login(signer, 'admin', ADMIN_PASSWORD, `192.0.2.${n + 1}`)
      for (const other of shops) {
        expect((await call(other, 'GET', '/users', { token })).status).toBe(200)
      }
    }
  })

  it('sells 3 units to exactly 3 of 10 buyers spread over the three', async () => {
    const adminToken = await login(shop(0), 'admin', ADMIN_PASSWORD)
    const id = await addInstrument(adminToken, { name: 'Cluster Last Three', stock: 3 })
    const buyers = await signUpBuyers(10)
    const answers = await Promise.all(
      buyers.map((b, n) =>
        call(shop(n), 'POST', '/payment', { token: b.token, from: b.from, body: order(id) }),
      ),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409])
    const [row] = await cluster.sql`SELECT stock FROM instruments WHERE id = ${id}`
    expect(row?.stock).toBe(0)
    const sold = await cluster.sql`
      SELECT s.payment_id FROM sales s JOIN sale_items i ON i.sale_id = s.id
      WHERE i.instrument_id = ${id} AND s.status = 'succeeded'`
    expect(sold).toHaveLength(3)
  })

  it('refuses wrong passwords for one account spread over the three as one process would', async () => {
    const [victim] = await signUpBuyers(1)
    const statuses: number[] = []
    for (let n = 0; n < 12; n += 1) {
      const res = await call(shop(n), 'POST', '/auth/login', {
        body: { userName: victim?.userName, password: 'wrongpass123' },
        from: `198.18.0.${n + 1}`,
      })
      statuses.push(res.status)
    }
    // Five failures, then refusals, whichever process and address the guesses come through.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429])
    for (const on of shops) {
      const right = await call(on, 'POST', '/auth/login', {
        body: { userName: victim?.userName, password: 'buyerpass123' },
        from: victim?.from,
      })
      expect(right.status).toBe(429)
    }
  })

  it('hides an instrument banned through one process on the others within a second', async () => {
    const adminToken = await login(shop(0), 'admin', ADMIN_PASSWORD)
    const name = `Cluster Banned ${randomUUID().slice(0, 6)}`
    const id = await addInstrument(adminToken, { name, stock: 5 })
    const page = `/instruments?page=1&name=${encodeURIComponent(name)}`
    const shown = async (on: OwnProcess) =>
      (await call(on, 'GET', page)).body.items.map((i: { id: number }) => i.id)
    const productPage = async (on: OwnProcess) =>
      (await fetch(`http://127.0.0.1:${on.port}/instruments/${id}`)).status
    // The others answer the page and the product's HTML from their caches from now on.
    for (const other of [shop(1), shop(2)]) {
      expect(await shown(other)).toEqual([id])
      expect(await productPage(other)).toBe(200)
    }
    const ban = await call(shop(0), 'PUT', '/instruments', {
      token: adminToken,
      body: { id, isBanned: true },
    })
    expect(ban.status).toBe(200)
    // Their cached pages would live 5 s; the change must reach them well before.
    await vi.waitFor(
      async () => {
        for (const other of [shop(1), shop(2)]) {
          expect(await shown(other)).toEqual([])
          expect(await productPage(other)).toBe(404)
        }
      },
      { timeout: 1000, interval: 50 },
    )
  })

  it('loses no sale when one process is stopped during a burst of checkouts', async () => {
    const adminToken = await login(shop(0), 'admin', ADMIN_PASSWORD)
    const id = await addInstrument(adminToken, { name: 'Cluster Burst', stock: 100 })
    const buyers = await signUpBuyers(10)
    const stopped = shop(1)
    const live = shops.filter((p) => p !== stopped)
    let answered = 0
    let retried = 0
    let finishedWhileStopping = 0
    let stopping: Promise<number | null> | undefined

    // The proxy's part: a request that finds its process gone goes to another, with the same
    // Idempotency-Key, so a payment is never made twice.
    async function checkout(buyer: (typeof buyers)[number], n: number): Promise<Answer> {
      const key = randomUUID()
      let target = shop(n)
      for (;;) {
        try {
          const answer = await call(target, 'POST', '/payment', {
            token: buyer.token,
            from: buyer.from,
            headers: { 'Idempotency-Key': key },
            body: order(id),
          })
          answered += 1
          if (stopping && target === stopped) finishedWhileStopping += 1
          if (answered === 5) stopping = stopProcess(stopped)
          return answer
        } catch {
          retried += 1
          target = live[n % live.length] as OwnProcess
        }
      }
    }
    // Ten shoppers at once, each paying three times in a row: the stop falls in the middle.
    const answers = (
      await Promise.all(
        buyers.map(async (buyer, b) => {
          const mine: Answer[] = []
          for (const k of [0, 1, 2]) mine.push(await checkout(buyer, b + k))
          return mine
        }),
      )
    ).flat()
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201))
    expect(await stopping).toBe(0)
    shops = live
    console.log(
      `Burst: 30 checkouts; the stopped process finished ${finishedWhileStopping} after SIGTERM, ` +
        `${retried} found it gone and went to another`,
    )

    const sold = await cluster.sql<{ payment_id: string }[]>`
      SELECT s.payment_id FROM sales s JOIN sale_items i ON i.sale_id = s.id
      WHERE i.instrument_id = ${id} AND s.status = 'succeeded'`
    expect(sold).toHaveLength(30)
    const [row] = await cluster.sql`SELECT stock FROM instruments WHERE id = ${id}`
    expect(row?.stock).toBe(70)
    // Every payment the card provider took has its sale.
    const recorded = new Set(
      (await cluster.sql`SELECT payment_id FROM sales WHERE status = 'succeeded'`).map(
        (s) => s.payment_id,
      ),
    )
    const charged = (await cluster.charges()).filter((c) => c.status === 'succeeded')
    expect(charged.filter((c) => !recorded.has(c.id))).toEqual([])
  })

  it('sends each queued mail once, with an outbox worker in each process', async () => {
    const buyers = await signUpBuyers(3)
    for (const [n, buyer] of buyers.entries()) {
      const res = await call(shop(n), 'POST', '/mail/resetpassword', {
        body: { email: `${buyer.userName}@example.com` },
        from: buyer.from,
      })
      expect(res.status).toBe(200)
    }
    await vi.waitFor(
      async () => {
        const [unsent] =
          await cluster.sql`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL`
        expect(unsent?.n).toBe(0)
      },
      { timeout: 30_000, interval: 200 },
    )
    const queued = await cluster.sql<{ to: string; subject: string }[]>`
      SELECT "to", subject FROM mail_outbox ORDER BY id`
    // The sign-up mails of every shopper above, and the three reset links.
    expect(queued.filter((m) => buyers.some((b) => m.to.startsWith(b.userName)))).toHaveLength(6)
    const received = cluster.received.map((m) => `${m.to} ${m.subject}`).sort()
    expect(received).toEqual(queued.map((m) => `${m.to} ${m.subject}`).sort())
  })
})
