import { existsSync } from 'node:fs'
import { desc, sql } from 'drizzle-orm'
import { openDatabase } from '../server/db/client'
import { mailOutbox } from '../server/db/schema/mail'
import { readEnv } from '../server/env'

/**
 * `npm run mail:outbox [email]`: the last 10 mails of the outbox (where mail goes without
 * SMTP_URL), so a developer can copy a reset link. Opens the database as server/index.ts does.
 */
// The settings the server reads, so this opens the same database.
if (existsSync('.env')) process.loadEnvFile('.env')
const env = readEnv()
const to = process.argv[2]?.trim()
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
try {
  const mails = await database.db
    .select()
    .from(mailOutbox)
    .where(to ? sql`lower(${mailOutbox.to}) = lower(${to})` : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(10)
  if (mails.length === 0)
    console.log(to ? `No mail to ${to} in the outbox.` : 'The outbox is empty.')
  for (const mail of mails) {
    console.log(
      `To:      ${mail.to}\nSubject: ${mail.subject}\nDate:    ${mail.createdAt.toISOString()}\n\n${mail.text}\n${'-'.repeat(72)}`,
    )
  }
} finally {
  await database.close()
}
