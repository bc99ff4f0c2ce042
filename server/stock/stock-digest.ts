import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { accounts } from '../db/schema/accounts'
import { instruments } from '../db/schema/catalog'
import { serverSettings } from '../db/schema/cluster'
import { greeting, queueMail } from '../mail'
import { defaultThreshold, stockLevelIs, thresholdOf } from './stock-levels'

const SETTING = 'stock-digest-day'
/** A mail lists this many of each kind and counts the rest; the tab's filter shows them all. */
export const DIGEST_LIST_MAX = 200
/** The job looks every hour; the day's claim makes one digest a day whatever the processes. */
export const DIGEST_CHECK_MS = 60 * 60 * 1000

const utcDay = (at: Date) => at.toISOString().slice(0, 10)

// The day's digest is claimed in the transaction that queues its mails: the process whose update
// moves `stock-digest-day` to today writes them, every other (or a later hour) finds it done.
// A failure half-way rolls the claim back with the mails, and the next hour tries again.
export async function sendStockDigest(
  db: Database,
  origin: string,
  now = new Date(),
): Promise<'sent' | 'nothing to report' | 'already sent today'> {
  const today = utcDay(now)
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(serverSettings)
      .values({ name: SETTING, value: today })
      .onConflictDoUpdate({
        target: serverSettings.name,
        set: { value: today },
        setWhere: sql`${serverSettings.value} < ${today}`,
      })
      .returning({ value: serverSettings.value })
    if (!claimed) return 'already sent today'
    const shopDefault = await defaultThreshold(tx)
    const list = (filter: 'out' | 'low') =>
      tx
        .select({
          id: instruments.id,
          name: instruments.name,
          stock: instruments.stock,
          threshold: thresholdOf(shopDefault),
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(instruments)
        .where(stockLevelIs(filter, shopDefault))
        .orderBy(asc(instruments.stock), asc(instruments.id))
        .limit(DIGEST_LIST_MAX)
    const [out, low] = await Promise.all([list('out'), list('low')])
    if (out.length === 0 && low.length === 0) return 'nothing to report'
    const admins = await tx
      .select({ email: accounts.email, userName: accounts.userName })
      .from(accounts)
      .where(and(eq(accounts.kind, 'admin'), eq(accounts.rol, 'admin')))
    const section = (
      title: string,
      rows: typeof out,
      line: (r: (typeof out)[number]) => string,
    ) => {
      const total = rows[0]?.total ?? 0
      if (total === 0) return [`${title}: none.`]
      const more = total - rows.length
      return [
        `${title} (${total}):`,
        ...rows.map(line),
        ...(more > 0
          ? [`…and ${more} more: the Instruments tab's stock filter lists them all.`]
          : []),
      ]
    }
    const text = (userName: string) =>
      [
        greeting(userName),
        '',
        `The shop's stock on ${today}.`,
        '',
        ...section('Out of stock', out, (r) => `- #${r.id} ${r.name}`),
        '',
        ...section(
          'Low stock',
          low,
          (r) => `- #${r.id} ${r.name}: ${r.stock} left (low at ${r.threshold})`,
        ),
        '',
        `The back office: ${origin}/admin?tab=instruments`,
      ].join('\n')
    for (const admin of admins) {
      await queueMail(tx, {
        to: admin.email,
        subject: `Stock digest ${today}: ${out[0]?.total ?? 0} out of stock, ${low[0]?.total ?? 0} low`,
        text: text(admin.userName),
      })
    }
    return 'sent'
  })
}
