import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { mailOutbox } from '../db/schema/mail'
import { createMailWorker, greeting, type Mail, queueMail, retryDelayMs } from './mail'

let handle: DatabaseHandle
// Ahead of the database's now(), which stamps new mails as due.
let clock = Date.now() + 60_000
beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' })
})
afterAll(() => handle.close())

/** A stand-in SMTP server that is down until `up` is set. */
function smtp() {
  const delivered: Mail[] = []
  const state = { up: false, delivered }
  return Object.assign(state, {
    async send(mail: Mail) {
      if (!state.up) throw new Error('connect ECONNREFUSED 127.0.0.1:2525')
      delivered.push(mail)
    },
  })
}

describe('mail worker', () => {
  it('keeps mail in the outbox while SMTP is down and sends each one once when it is back', async () => {
    const server = smtp()
    const worker = createMailWorker({ db: handle.db, transport: server, now: () => clock })
    await queueMail(handle.db, { to: 'ada@example.com', subject: 'One', text: 'first' })
    await queueMail(handle.db, { to: 'bob@example.com', subject: 'Two', text: 'second' })

    expect(await worker.sendDue()).toBe(2)
    let rows = await handle.db.select().from(mailOutbox)
    expect(rows.every((r) => r.sentAt === null && r.attempts === 1)).toBe(true)
    expect(rows[0]?.lastError).toContain('ECONNREFUSED')
    // Not retried before its time.
    expect(await worker.sendDue()).toBe(0)

    server.up = true
    clock += retryDelayMs(1)
    expect(await worker.sendDue()).toBe(2)
    expect(server.delivered.map((m) => m.subject)).toEqual(['One', 'Two'])
    rows = await handle.db.select().from(mailOutbox)
    expect(rows.every((r) => r.sentAt !== null)).toBe(true)
    clock += 60 * 60_000
    expect(await worker.sendDue()).toBe(0)
    expect(server.delivered).toHaveLength(2)
  })

  it('lets two workers sharing the database send each mail once', async () => {
    const server = smtp()
    server.up = true
    for (let i = 0; i < 6; i += 1) {
      await queueMail(handle.db, { to: `c${i}@example.com`, subject: `Mail ${i}`, text: 'x' })
    }
    const one = createMailWorker({
      db: handle.db,
      transport: server,
      now: () => clock,
      batchSize: 4,
    })
    const two = createMailWorker({
      db: handle.db,
      transport: server,
      now: () => clock,
      batchSize: 4,
    })
    await Promise.all([one.sendDue(), two.sendDue(), one.sendDue()])
    expect(server.delivered.map((m) => m.subject).sort()).toEqual([
      'Mail 0',
      'Mail 1',
      'Mail 2',
      'Mail 3',
      'Mail 4',
      'Mail 5',
    ])
  })

  it('backs off 30 s, 1, 2, 4 minutes, then at most an hour', () => {
    expect([1, 2, 3, 4, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000,
    ])
  })
})

describe('greeting', () => {
  it('greets by a name of name characters only, never by free text', () => {
    expect(greeting('lucia.m')).toBe('Hello lucia.m,')
    expect(greeting('Win a prize at evil.example')).toBe('Hello,')
    expect(greeting(null)).toBe('Hello,')
  })
})
