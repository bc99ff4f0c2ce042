import { desc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentResponse } from '../../contract/sales'
import { auditEvents } from '../db/schema/audit'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop } from '../test/payment-kit'

// Every kind of admin write leaves one row in the audit trail: who, what, and the fields before and
// after (only those that changed for an edit), never a secret.

let t: Awaited<ReturnType<typeof createTestApi>>
let boss: Awaited<ReturnType<typeof t.makeAccount>>
const shop = paymentShop({
  category: 'Violins',
  name: 'Violin',
  brand: 'Stentor',
  price: 50,
  stock: 5,
})
let buyer: Awaited<ReturnType<typeof shop.open>>

beforeAll(async () => {
  t = await createTestApi()
  buyer = await shop.open(t)
  boss = await t.makeAccount({ rol: 'admin', userName: 'boss' })
})
afterAll(() => t.close())

/** Makes the write, checks it succeeded, and answers the rows it added to the trail. */
async function written(method: string, path: string, body?: unknown, token = boss.token) {
  const [last] = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1)
  const res = await t.request(method, path, { body, token })
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
  const rows = await t.db.select().from(auditEvents).orderBy(auditEvents.id)
  return rows.filter((r) => r.id > (last?.id ?? 0))
}

async function oneRow(method: string, path: string, body?: unknown, token = boss.token) {
  const rows = await written(method, path, body, token)
  expect(rows).toHaveLength(1)
  const [row] = rows
  if (!row) throw new Error('no audit row')
  return row
}

const by = (admin: { id: number; userName: string }) => ({
  adminId: admin.id,
  adminName: admin.userName,
})

describe('instruments', () => {
  const guitar = {
    name: 'Gibson Les Paul',
    brand: 'Gibson',
    price: 2499,
    img: '/images/lp.webp',
    description: 'A solid body.',
    stock: 2,
    status: 'New',
    category: 'Violins',
  }

  it('a create keeps who made it and the new row', async () => {
    const row = await oneRow('POST', '/instruments', guitar)
    expect(row).toMatchObject({ ...by(boss), kind: 'instrument.create', entity: 'instrument' })
    expect(row.before).toBeNull()
    expect(row.after).toMatchObject({
      id: Number(row.entityId),
      name: 'Gibson Les Paul',
      price: 2499,
    })
    expect(row.at.getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it('an edit keeps only the fields it changed, as they were and became', async () => {
    const created = await t.request('POST', '/instruments', { body: guitar, token: boss.token })
    const id = created.body.instrument.id
    const row = await oneRow('PUT', '/instruments', { id, price: 1999, stock: 2, isBanned: true })
    expect(row).toMatchObject({ ...by(boss), kind: 'instrument.update', entityId: String(id) })
    expect(row.before).toEqual({ price: 2499, isBanned: false })
    expect(row.after).toEqual({ price: 1999, isBanned: true })
  })

  it('an edit that changes nothing records nothing', async () => {
    const created = await t.request('POST', '/instruments', { body: guitar, token: boss.token })
    expect(
      await written('PUT', '/instruments', { id: created.body.instrument.id, stock: 2 }),
    ).toEqual([])
  })

  it('a delete keeps the row as it was', async () => {
    const created = await t.request('POST', '/instruments', { body: guitar, token: boss.token })
    const id = created.body.instrument.id
    const row = await oneRow('DELETE', '/instruments', { id })
    expect(row).toMatchObject({ ...by(boss), kind: 'instrument.delete', entityId: String(id) })
    expect(row.before).toMatchObject({ id, name: 'Gibson Les Paul' })
    expect(row.after).toBeNull()
  })

  it('a refused write records nothing (the row and the change land together or not at all)', async () => {
    const res = await t.request('PUT', '/instruments', {
      body: { id: 999_999, price: 1 },
      token: boss.token,
    })
    expect(res.status).toBe(404)
    const rows = await t.db.select().from(auditEvents)
    expect(rows.some((r) => r.entityId === '999999')).toBe(false)
  })
})

describe('categories', () => {
  it('create, edit and delete', async () => {
    const created = await oneRow('POST', '/category', { name: 'Harps' })
    expect(created).toMatchObject({ ...by(boss), kind: 'category.create', entity: 'category' })
    expect(created.after).toMatchObject({ name: 'Harps', isBanned: false })
    const id = Number(created.entityId)
    const edited = await oneRow('PUT', '/category', { id, name: 'Harps', isBanned: true })
    expect(edited).toMatchObject({ kind: 'category.update', entityId: String(id) })
    expect([edited.before, edited.after]).toEqual([{ isBanned: false }, { isBanned: true }])
    const deleted = await oneRow('DELETE', '/category', { id })
    expect(deleted).toMatchObject({ kind: 'category.delete', entityId: String(id) })
    expect(deleted.before).toMatchObject({ id, name: 'Harps' })
  })
})

describe('users', () => {
  const person = {
    firstName: 'Ana',
    lastName: 'Ruiz',
    email: 'ana.ruiz@example.com',
    userName: 'anaruiz',
    password: 'secret123',
    rol: 'user',
  }

  it('create, edit, ban, unban and delete; the password never lands in the trail', async () => {
    const created = await oneRow('POST', '/users', person)
    expect(created).toMatchObject({ ...by(boss), kind: 'user.create', entity: 'user' })
    expect(created.after).toMatchObject({
      userName: 'anaruiz',
      email: 'ana.ruiz@example.com',
      rol: 'user',
    })
    expect(JSON.stringify(created)).not.toMatch(/secret123|passwordHash|scrypt/)
    const id = Number(created.entityId)

    const edited = await oneRow('PUT', '/users/admin', { id, firstName: 'Anna', rol: 'user' })
    expect(edited).toMatchObject({ kind: 'user.update', entityId: String(id) })
    expect([edited.before, edited.after]).toEqual([{ firstName: 'Ana' }, { firstName: 'Anna' }])

    const banned = await oneRow('PUT', '/users/admin', { id, rol: 'banned' })
    expect(banned).toMatchObject({
      kind: 'user.ban',
      before: { rol: 'user' },
      after: { rol: 'banned' },
    })
    const unbanned = await oneRow('PUT', '/users/admin', { id, rol: 'user' })
    expect(unbanned).toMatchObject({ kind: 'user.unban', after: { rol: 'user' } })

    const deleted = await oneRow('DELETE', `/users/${id}`)
    expect(deleted).toMatchObject({ kind: 'user.delete', entityId: String(id), after: null })
    expect(deleted.before).toMatchObject({ userName: 'anaruiz' })
  })

  it("a shopper's own profile edit is not an admin write", async () => {
    const body = {
      firstName: 'Lu',
      lastName: 'M',
      contactNumber: '5551234567',
      buyerAddress: 'Here',
    }
    expect(await written('PUT', '/users', body, buyer.token)).toEqual([])
  })
})

describe('admins', () => {
  const colleague = {
    firstName: 'Second',
    lastName: 'Admin',
    email: 'second.admin@example.com',
    userName: 'secondadmin',
    password: 'secret123',
  }

  it('create, edit, ban, unban and delete', async () => {
    const created = await oneRow('POST', '/admins/register', colleague)
    expect(created).toMatchObject({ ...by(boss), kind: 'admin.create', entity: 'admin' })
    expect(created.after).toMatchObject({ userName: 'secondadmin', rol: 'admin' })
    expect(JSON.stringify(created)).not.toContain('secret123')
    const id = Number(created.entityId)
    const edited = await oneRow('PUT', '/admins', { id, lastName: 'Boss', rol: 'admin' })
    expect(edited).toMatchObject({ kind: 'admin.update', before: { lastName: 'Admin' } })
    expect(await oneRow('PUT', '/admins', { id, rol: 'banned' })).toMatchObject({
      kind: 'admin.ban',
      after: { rol: 'banned' },
    })
    expect(await oneRow('PUT', '/admins', { id, rol: 'admin' })).toMatchObject({
      kind: 'admin.unban',
    })
    const deleted = await oneRow('DELETE', '/admins', { id })
    expect(deleted).toMatchObject({ kind: 'admin.delete', entityId: String(id) })
  })

  it("an admin's own profile edit and password change, the password only as 'changed'", async () => {
    const me = await t.makeAccount({ rol: 'admin' })
    const profile = {
      firstName: 'Me',
      lastName: 'Myself',
      contactNumber: '5551234567',
      buyerAddress: 'x',
    }
    const edited = await oneRow('PUT', '/users', profile, me.token)
    expect(edited).toMatchObject({ ...by(me), kind: 'admin.update', entityId: String(me.id) })
    expect(edited.after).toMatchObject({ firstName: 'Me', lastName: 'Myself' })

    const body = { email: me.email, pass: 'newSecret99', currentPassword: me.password }
    const changed = await oneRow('POST', '/users/resetpass', body, me.token)
    expect(changed).toMatchObject({
      ...by(me),
      kind: 'admin.update',
      before: {},
      after: { password: 'changed' },
    })
    expect(JSON.stringify(changed)).not.toMatch(/newSecret99|scrypt/)
  })
})

describe('sales', () => {
  async function paidSale() {
    const violin = await shop.addInstrument()
    const res = await t.request('POST', '/payment', {
      token: buyer.token,
      body: { id: 'pm_card_visa', items: [{ id: violin.id, count: 2 }], userInfo: customer },
    })
    expect(res.status).toBe(201)
    return { sale: paymentResponse.parse(res.body).sale, violin }
  }

  it('ship and deliver', async () => {
    const { sale } = await paidSale()
    const shipment = {
      carrier: 'DHL',
      trackingNumber: 'JD01',
      trackingUrl: 'https://dhl.example/JD01',
    }
    const shipped = await oneRow('POST', `/sales/${sale.id}/shipment`, shipment)
    expect(shipped).toMatchObject({
      ...by(boss),
      kind: 'sale.ship',
      entity: 'sale',
      entityId: String(sale.id),
    })
    expect(shipped.before).toMatchObject({ fulfilment: 'unfulfilled', carrier: null })
    expect(shipped.after).toMatchObject({
      fulfilment: 'shipped',
      carrier: 'DHL',
      trackingNumber: 'JD01',
    })
    expect(shipped.after).not.toHaveProperty('cusEmail')
    const delivered = await oneRow('POST', `/sales/${sale.id}/delivered`)
    expect(delivered).toMatchObject({ kind: 'sale.deliver', after: { fulfilment: 'delivered' } })
  })

  it('refund and cancel, with what was given back', async () => {
    const { sale, violin } = await paidSale()
    const refund = {
      lines: [{ instrumentId: violin.id, count: 1 }],
      reason: 'Scratched',
      restock: false,
    }
    const refunded = await oneRow('POST', `/sales/${sale.id}/refunds`, refund)
    expect(refunded).toMatchObject({ ...by(boss), kind: 'sale.refund', entityId: String(sale.id) })
    expect(refunded.before).toMatchObject({ status: 'succeeded', refundedCents: 0 })
    expect(refunded.after).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 5000,
      refund: { amount: 50, reason: 'Scratched', restock: false, lines: [{ count: 1 }] },
    })
    const cancelled = await oneRow('POST', `/sales/${sale.id}/cancel`, { reason: 'Changed mind' })
    expect(cancelled).toMatchObject({
      kind: 'sale.cancel',
      before: { fulfilment: 'unfulfilled', status: 'partially_refunded' },
      after: { fulfilment: 'cancelled', status: 'refunded', refund: { restock: true } },
    })
  })
})

describe('settings', () => {
  it("the shop's default low-stock threshold", async () => {
    const row = await oneRow('PUT', '/admin/settings/stock', { lowStockThreshold: 3 })
    expect(row).toMatchObject({
      ...by(boss),
      kind: 'setting.update',
      entity: 'setting',
      entityId: 'low-stock-threshold',
      before: { lowStockThreshold: 5 },
      after: { lowStockThreshold: 3 },
    })
  })
})
