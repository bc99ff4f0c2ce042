import nodemailer from 'nodemailer'
import type { Database } from '../db/client'
import { mailOutbox } from '../db/schema/mail'

export interface Mail {
  to: string
  subject: string
  text: string
}

/** Where the shop's mail goes: the outbox table by default, SMTP when SMTP_URL is set. */
export interface MailService {
  readonly kind: 'outbox' | 'smtp'
  send(mail: Mail): Promise<void>
}

export function createOutboxMail(db: Database): MailService {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(mailOutbox).values(mail)
    },
  }
}

export function createSmtpMail(smtpUrl: string, from: string): MailService {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
  }
}
