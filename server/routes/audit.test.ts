import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditPage } from '../../contract/audit-trail'
import { recordAudit } from '../audit'
import { auditEvents } from '../db/schema/audit'
import { createTestApi } from '../test/harness'

let t: Awaited<ReturnType<typeof createTestApi>>
let boss: Awaited<ReturnType<typeof t.makeAccount>>
let clerk: Awaited<ReturnType<typeof t.makeAccount>>

// 30 rows: boss edits instruments 1 to 20 on 2026-11-01, clerk bans users 1 to 10 on 2026-11-20.
beforeAll(async () => {
  t = await createTestApi()
  boss = await t.makeAccount({ rol: 'admin', userName: 'boss' })
  clerk = await t.makeAccount({ rol: 'admin', userName: 'clerk' })
  for (let n = 1; n <= 20; n += 1) {
    await recordAudit(t.db, boss, {
      kind: 'instrument.update',
      entity: 'instrument',
      entityId: n,
      before: { price: n },
      after: { price: n + 1 },
    })
  }
  for (let n = 1; n <= 10; n += 1) {
    await recordAudit(t.db, clerk, {
      kind: 'user.ban',
      entity: 'user',
      entityId: n,
      before: { rol: 'user' },
      after: { rol: 'banned' },
    })
  }
  // The trigger refuses to move rows in time, so the test dates them with the trigger off.
  await t.db.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`)
  await t.db
    .update(auditEvents)
    .set({
      at: sql`'2026-11-01T10:00:00Z'::timestamptz + make_interval(secs => ${auditEvents.id})`,
    })
    .where(eq(auditEvents.kind, 'instrument.update'))
  await t.db
    .update(auditEvents)
    .set({
      at: sql`'2026-11-20T10:00:00Z'::timestamptz + make_interval(secs => ${auditEvents.id})`,
    })
    .where(eq(auditEvents.kind, 'user.ban'))
  await t.db.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`)
})
afterAll(() => t.close())

const read = async (query = '', token = boss.token) => {
  const res = await t.request('GET', `/audit${query}`, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return auditPage.parse(res.body)
}

describe('GET /audit', () => {
  it('answers 401 without a token and 403 to a shopper or a banned admin', async () => {
    const user = await t.makeAccount()
    const banned = await t.makeAccount({ kind: 'admin', rol: 'banned' })
    expect((await t.request('GET', '/audit')).status).toBe(401)
    expect((await t.request('GET', '/audit', { token: user.token })).status).toBe(403)
    expect((await t.request('GET', '/audit', { token: banned.token })).status).toBe(403)
  })

  it('pages the trail newest first, 25 a page by default', async () => {
    const first = await read()
    expect([first.total, first.page, first.pages, first.pageSize]).toEqual([30, 1, 2, 25])
    expect(first.items).toHaveLength(25)
    expect(first.items[0]).toMatchObject({
      adminId: clerk.id,
      adminName: 'clerk',
      kind: 'user.ban',
      entity: 'user',
      entityId: '10',
      before: { rol: 'user' },
      after: { rol: 'banned' },
    })
    const times = first.items.map((e) => e.at)
    expect(times).toEqual([...times].sort().reverse())
    const second = await read('?page=2')
    expect(second.items.map((e) => e.entityId)).toEqual(['5', '4', '3', '2', '1'])
    expect((await read('?page=9&pageSize=10')).items).toEqual([])
  })

  it('filters by admin, kind and period, together', async () => {
    expect((await read(`?adminId=${boss.id}`)).total).toBe(20)
    expect((await read('?kind=user.ban')).total).toBe(10)
    expect((await read(`?adminId=${boss.id}&kind=user.ban`)).total).toBe(0)
    // A day alone takes the whole day; a date-time is that moment.
    expect((await read('?from=2026-11-20')).total).toBe(10)
    expect((await read('?to=2026-11-01')).total).toBe(20)
    expect((await read('?from=2026-11-02&to=2026-11-19')).total).toBe(0)
    const moment = await read('?from=2026-11-01T10:00:10Z&to=2026-11-01T10:00:12.000Z')
    expect(moment.items.map((e) => e.at)).toEqual([
      '2026-11-01T10:00:12.000Z',
      '2026-11-01T10:00:11.000Z',
      '2026-11-01T10:00:10.000Z',
    ])
    // Empty fields of the filter form are no filter.
    expect((await read('?adminId=&kind=&from=&to=&page=')).total).toBe(30)
  })

  it.each([
    ['page=0', 'page'],
    ['page=two', 'page'],
    ['pageSize=101', 'pageSize'],
    ['adminId=-1', 'adminId'],
    ['kind=instrument.steal', 'kind'],
    ['from=yesterday', 'from'],
    ['to=2026-13-45', 'to'],
    ['from=2026-11-20&to=2026-11-01', 'to'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await t.request('GET', `/audit?${query}`, { token: boss.token })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe(field)
    expect(res.body.error).toMatch(new RegExp(`^${field}: `))
  })

  it('has no route that edits or deletes the trail', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      for (const path of ['/audit', '/audit/1']) {
        const res = await t.request(method, path, { token: boss.token, body: { id: 1 } })
        expect([404, 405], `${method} ${path}`).toContain(res.status)
      }
    }
    expect((await read()).total).toBe(30)
  })
})

describe('the audit_events table', () => {
  it('refuses an UPDATE and a DELETE from any code (migration 0012 trigger)', async () => {
    const edit = t.db.update(auditEvents).set({ adminName: 'nobody' }).where(eq(auditEvents.id, 1))
    await expect(edit).rejects.toThrow()
    await expect(t.db.delete(auditEvents).where(eq(auditEvents.id, 1))).rejects.toThrow()
    const error = await t.db.execute(sql`DELETE FROM audit_events`).then(
      () => null,
      (e: unknown) => e,
    )
    expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(
      /audit trail is kept as written: DELETE is refused/,
    )
    const [row] = await t.db.select().from(auditEvents).where(eq(auditEvents.id, 1))
    expect(row?.adminName).toBe('boss')
    expect((await read()).total).toBe(30)
  })
})
