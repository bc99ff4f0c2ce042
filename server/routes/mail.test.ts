import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentStatus } from '../../contract/order-states'
import { sha256 } from '../accounts'
import { newsletterSubscribers, passwordResetTokens } from '../db/schema/mail'
import { saleItems, sales } from '../db/schema/sales'
import { createTestApi } from '../test/harness'

let t: Awaited<ReturnType<typeof createTestApi>>
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const mailCount = async () => (await t.outbox()).length
const lastMail = async () => (await t.outbox()).at(-1)

describe('POST /mail/sign', () => {
  it('mails nobody: the sign-up itself writes the welcome, so no one can aim it at others', async () => {
    const before = await mailCount()
    const res = await t.request('POST', '/mail/sign', {
      body: { userName: 'newbie', email: 'victim@example.com' },
    })
    expect(res.status).toBe(200)
    expect(res.body.ok).toEqual(expect.any(String))
    expect(await mailCount()).toBe(before)
  })

  it('refuses free text as the userName', async () => {
    const res = await t.request('POST', '/mail/sign', {
      body: { userName: `Win a prize at evil.example\u0000`, email: 'victim@example.com' },
    })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('userName')
  })

  it('answers 400 naming a bad email', async () => {
    const res = await t.request('POST', '/mail/sign', { body: { email: 'nope' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'email: Invalid email address', field: 'email' })
  })
})

describe('POST /auth/register writes the welcome mail', () => {
  it('to the sign-up address, in the same transaction, never the password nor free text', async () => {
    const res = await t.request('POST', '/auth/register', {
      body: {
        userName: 'Click evil.example now',
        email: 'newbie@example.com',
        password: 'secret123',
        confirmpassword: 'secret123',
      },
    })
    expect(res.status).toBe(200)
    const mail = await lastMail()
    expect(mail).toMatchObject({
      to: 'newbie@example.com',
      subject: 'Welcome to the Instrument Shop',
    })
    expect(mail?.text).toMatch(/^Hello,/)
    expect(mail?.text).not.toContain('evil')
    expect(mail?.text).not.toContain('secret123')
  })
})

describe('POST /mail/profile', () => {
  it("mails the account's own address, whatever the body says", async () => {
    const user = await t.makeAccount()
    const res = await t.request('POST', '/mail/profile', {
      body: { email: 'victim@example.com', firstName: 'X' },
      token: user.token,
    })
    expect(res.status).toBe(200)
    expect((await lastMail())?.to).toBe(user.email)
  })

  it('needs a token (401) of an account that is not banned (403)', async () => {
    expect((await t.request('POST', '/mail/profile', { body: {} })).status).toBe(401)
    const banned = await t.makeAccount({ rol: 'banned' })
    expect((await t.request('POST', '/mail/profile', { token: banned.token })).status).toBe(403)
  })
})

describe('POST /mail/news', () => {
  it('stores a subscriber once, answers ok for a repeat, welcomes only the first time', async () => {
    const before = await mailCount()
    const first = await t.request('POST', '/mail/news', { body: { email: 'fan@example.com' } })
    const again = await t.request('POST', '/mail/news', { body: { email: 'FAN@example.com' } })
    expect(first.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(await mailCount()).toBe(before + 1)
    const rows = await t.db.select().from(newsletterSubscribers)
    expect(rows.filter((r) => r.email.toLowerCase() === 'fan@example.com')).toHaveLength(1)
  })

  it('answers 400 naming a missing email', async () => {
    const res = await t.request('POST', '/mail/news', { body: {} })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('email')
  })
})

describe('reset mails', () => {
  const linkIn = (text = '') => text.match(/https?:\/\/\S+/)?.[0] ?? ''

  it('gives the same answer for an unknown address and mails nothing', async () => {
    const user = await t.makeAccount()
    const before = await mailCount()
    const unknown = await t.request('POST', '/mail/resetpassword', {
      body: { email: 'nobody@example.com' },
    })
    expect(await mailCount()).toBe(before)
    const known = await t.request('POST', '/mail/resetpassword', { body: { email: user.email } })
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
    expect(known.body).toEqual({ ok: 'We have sent you an email' })
    expect(await mailCount()).toBe(before + 1)
  })

  it('mails a one-hour link to /user/resetpassword and stores only its hash', async () => {
    const user = await t.makeAccount()
    await t.request('POST', '/mail/resetpassword', { body: { email: user.email.toUpperCase() } })
    expect((await lastMail())?.to).toBe(user.email)
    const link = new URL(linkIn((await lastMail())?.text))
    expect(link.pathname).toBe('/user/resetpassword')
    const token = link.searchParams.get('token') ?? ''
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.accountId, user.id))
    expect(row?.tokenHash).toBe(sha256(token))
    expect(row?.tokenHash).not.toBe(token)
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(55)
    expect(minutes).toBeLessThanOrEqual(60)
  })

  it('adds from=profile for the profile variant and uses the admin page for admins', async () => {
    const user = await t.makeAccount()
    const admin = await t.makeAccount({ rol: 'admin' })
    await t.request('POST', '/mail/resetpassword', {
      body: { email: user.email, variant: 'profile' },
    })
    const profile = new URL(linkIn((await lastMail())?.text))
    expect(profile.pathname).toBe('/user/resetpassword')
    expect(profile.searchParams.get('from')).toBe('profile')
    await t.request('POST', '/mail/resetpassword', { body: { email: admin.email } })
    expect(new URL(linkIn((await lastMail())?.text)).pathname).toBe('/admin/resetpassword')
    const res = await t.request('POST', '/mail/resetpasswordadmin', {
      body: { email: admin.email },
    })
    expect(res.body).toEqual({ ok: 'We have sent you an email' })
    expect(new URL(linkIn((await lastMail())?.text)).pathname).toBe('/admin/resetpassword')
  })

  it('answers 400 naming a bad variant or email', async () => {
    const variant = await t.request('POST', '/mail/resetpassword', {
      body: { email: 'a@example.com', variant: 'root' },
    })
    expect(variant.body.field).toBe('variant')
    const email = await t.request('POST', '/mail/resetpasswordadmin', { body: { email: '' } })
    expect(email.status).toBe(400)
    expect(email.body.field).toBe('email')
  })
})

describe('POST /mail/passwordreseted', () => {
  it('mails nobody: the server sends that notice itself after a real change', async () => {
    const user = await t.makeAccount()
    const before = await mailCount()
    const res = await t.request('POST', '/mail/passwordreseted', {
      body: { email: user.email, pass: 'plaintext99' },
    })
    expect(res.status).toBe(200)
    expect(await mailCount()).toBe(before)
  })
})

describe('POST /mail/purchase', () => {
  async function insertSale(userId: number, status: PaymentStatus = 'succeeded') {
    const [sale] = await t.db
      .insert(sales)
      .values({
        status,
        cost: 1350,
        userId,
        paymentId: 'pi_test',
        cusName: 'Buyer Name',
        cusEmail: 'orders@example.com',
        cusPhone: '1234567890',
        cusAddress: 'Street 1',
        cusCity: 'City',
        cusCountry: 'Country',
        cusZip: '1000',
      })
      .returning()
    if (!sale) throw new Error('sale not inserted')
    await t.db.insert(saleItems).values([
      {
        saleId: sale.id,
        name: 'Stratocaster',
        brand: 'Fender',
        img: 'a.jpg',
        price: 1200,
        count: 1,
      },
      { saleId: sale.id, name: 'Strings', brand: "D'Addario", img: 'b.jpg', price: 75, count: 2 },
    ])
    return sale
  }

  // The order mail is written when the sale is paid (payment-order-mail.test.ts): this only answers.
  it('answers as the spec says for the caller’s own paid sale, and mails nobody', async () => {
    const user = await t.makeAccount()
    const before = await mailCount()
    for (let i = 0; i < 3; i += 1) {
      const sale = await insertSale(user.id)
      for (let ask = 0; ask < 2; ask += 1) {
        const res = await t.request('POST', '/mail/purchase', {
          body: { saleId: sale.id },
          token: user.token,
        })
        expect(res.status).toBe(200)
        expect(res.body).toEqual({ ok: 'We have sent you an email with your order details.' })
      }
    }
    expect(await mailCount()).toBe(before)
  })

  it('refuses to mail a sale that is not paid', async () => {
    const user = await t.makeAccount()
    const sale = await insertSale(user.id, 'pending')
    const before = await mailCount()
    const res = await t.request('POST', '/mail/purchase', {
      body: { saleId: sale.id },
      token: user.token,
    })
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ error: 'This order is not paid' })
    expect(await mailCount()).toBe(before)
  })

  it("answers 404 for someone else's sale, 401 without token, 400 without saleId", async () => {
    const owner = await t.makeAccount()
    const other = await t.makeAccount()
    const sale = await insertSale(owner.id)
    const foreign = await t.request('POST', '/mail/purchase', {
      body: { saleId: sale.id },
      token: other.token,
    })
    expect(foreign.status).toBe(404)
    expect((await t.request('POST', '/mail/purchase', { body: { saleId: sale.id } })).status).toBe(
      401,
    )
    const bad = await t.request('POST', '/mail/purchase', { body: {}, token: owner.token })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('saleId')
  })
})

describe('mail throttling', () => {
  it('limits order mails per address: 429 after 10', async () => {
    const limited = await createTestApi({}, { productionLimits: true })
    try {
      const user = await limited.makeAccount()
      const send = () => limited.request('POST', '/mail/purchase', { body: {}, token: user.token })
      for (let i = 0; i < 10; i += 1) expect((await send()).status).toBe(400)
      const res = await send()
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })

  it('delivers at most 5 of 40 reset mails to one address sent from 4 addresses', async () => {
    const limited = await createTestApi({}, { productionLimits: true })
    try {
      const victim = await limited.makeAccount()
      const statuses: number[] = []
      for (let i = 0; i < 40; i += 1) {
        const res = await limited.request('POST', '/mail/resetpassword', {
          body: { email: victim.email },
          address: `198.51.100.${i % 4}`,
        })
        statuses.push(res.status)
      }
      expect((await limited.outbox()).filter((m) => m.to === victim.email)).toHaveLength(5)
      expect(statuses.filter((s) => s === 200)).toHaveLength(5)
      expect(statuses.at(-1)).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('counts an address without an account the same way, so the answer tells nothing', async () => {
    const limited = await createTestApi({}, { productionLimits: true })
    try {
      const send = () =>
        limited.request('POST', '/mail/resetpassword', { body: { email: 'nobody@example.com' } })
      for (let i = 0; i < 5; i += 1) expect((await send()).status).toBe(200)
      expect((await send()).status).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
