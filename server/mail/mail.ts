import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Database } from '../db/client'
import { mailOutbox } from '../db/schema/mail'
import { inSpan } from '../observability/tracing'

export interface Mail {
  to: string
  subject: string
  text: string
}

// Puts a mail in the outbox. Called with the transaction of the change the mail reports, so
// the mail exists exactly when the change does; the worker sends it after the commit.
export async function queueMail(db: Database, mail: Mail) {
  await db.insert(mailOutbox).values(mail)
}

// "Hello ada," for a name made of name characters only: a mail may go to an address nobody has
// proved, so it never carries words that the person who asked for it could choose.
export function greeting(name: string | null | undefined): string {
  return name && /^[\p{L}\p{N}._-]{1,40}$/u.test(name) ? `Hello ${name},` : 'Hello,'
}

export interface MailTransport {
  send(mail: Mail): Promise<void>
}

/** SMTP with timeouts of seconds, not nodemailer's default minutes: a dead server fails fast. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
  }
}

const MINUTE = 60_000
/** A mail being sent is not taken by another worker for this long (a crashed one's mail is). */
const LEASE_MS = 2 * MINUTE
/** After a failure: 30 s, 1, 2, 4… minutes, then hourly. A mail is never given up. */
export const retryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** (attempts - 1), 60 * MINUTE)

// Sends the outbox through `transport`. Any number of processes may run one: each takes due
// mails with FOR UPDATE SKIP LOCKED and leases them, so each mail is sent by one of them.
export function createMailWorker(opts: {
  db: Database
  transport: MailTransport
  now?: () => number
  batchSize?: number
}) {
  const { db, transport, now = () => Date.now(), batchSize = 10 } = opts
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined

  async function claimDue() {
    const at = new Date(now())
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, at)))
      .orderBy(asc(mailOutbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true })
    return db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(at.getTime() + LEASE_MS),
      })
      .where(inArray(mailOutbox.id, due))
      .returning()
  }

  async function sendDue(): Promise<number> {
    const mails = await claimDue()
    for (const mail of mails) {
      try {
        await inSpan('mail send', { 'shop.mail.id': mail.id }, () =>
          transport.send({ to: mail.to, subject: mail.subject, text: mail.text }),
        )
        await db
          .update(mailOutbox)
          .set({ sentAt: new Date(now()), lastError: null })
          .where(eq(mailOutbox.id, mail.id))
      } catch (error) {
        await db
          .update(mailOutbox)
          .set({
            nextAttemptAt: new Date(now() + retryDelayMs(mail.attempts)),
            lastError: String((error as Error)?.message ?? error).slice(0, 500),
          })
          .where(eq(mailOutbox.id, mail.id))
      }
    }
    return mails.length
  }

  function tick() {
    running ??= sendDue()
      .catch((error) => {
        console.error('Sending the outbox failed', error)
        return 0
      })
      .finally(() => {
        running = undefined
      })
    return running
  }

  return {
    sendDue,
    start(intervalMs = 2_000) {
      timer = setInterval(tick, intervalMs)
      timer.unref()
      void tick()
    },
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
