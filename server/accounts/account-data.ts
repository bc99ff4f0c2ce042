import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { CheckoutCustomer, Sale } from '../../contract/sales'
import { type AccountDataExport, ERASED_CUSTOMER } from '../../contract/users'
import type { Database } from '../db/client'
import type { Account } from '../db/schema/accounts'
import { favourites, instruments, reviews } from '../db/schema/catalog'
import { mailOutbox, newsletterSubscribers } from '../db/schema/mail'
import { idempotencyKeys, sales } from '../db/schema/sales'
import { stockAlerts } from '../db/schema/stock-alerts'
import { ownAccount } from './accounts'

// A shopper's own data (GET /users/me/export) and what deleting an account leaves of it
// (docs/limits.md, "Deleting an account").

const iso = (date: Date | null) => date?.toISOString() ?? null

/** The newsletter is kept by address: it is the account's only once the account proved it. */
const newsletterOf = (account: Account) =>
  account.emailVerifiedAt === null
    ? undefined
    : sql`lower(${newsletterSubscribers.email}) = lower(${account.email})`

/** `orders`: the account's sales as its order history shows them (GET /transactions/user). */
export async function exportAccountData(
  db: Database,
  account: Account,
  orders: Sale[],
): Promise<AccountDataExport> {
  const addresses = new Map<string, CheckoutCustomer>()
  for (const order of orders) {
    const { cus_name, cus_email, cus_phone, cus_address, cus_city, cus_country, cus_zip } = order
    const address = { cus_name, cus_email, cus_phone, cus_address, cus_city, cus_country, cus_zip }
    addresses.set(JSON.stringify(address), address)
  }
  const [written, favourite, alerts, newsletter] = await Promise.all([
    db
      .select({ review: reviews, instrument: instruments.name })
      .from(reviews)
      .innerJoin(instruments, eq(instruments.id, reviews.instrumentId))
      .where(eq(reviews.userId, account.id))
      .orderBy(asc(reviews.id)),
    db
      .select({ row: favourites, instrument: instruments.name })
      .from(favourites)
      .innerJoin(instruments, eq(instruments.id, favourites.instrumentId))
      .where(eq(favourites.userId, account.id))
      .orderBy(asc(favourites.createdAt)),
    db
      .select({ alert: stockAlerts, instrument: instruments.name })
      .from(stockAlerts)
      .innerJoin(instruments, eq(instruments.id, stockAlerts.instrumentId))
      .where(eq(stockAlerts.accountId, account.id))
      .orderBy(asc(stockAlerts.id)),
    newsletterOf(account)
      ? db.select().from(newsletterSubscribers).where(newsletterOf(account))
      : Promise.resolve([]),
  ])
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...ownAccount(account), createdAt: account.createdAt.toISOString() },
    addresses: [...addresses.values()],
    orders,
    reviews: written.map(({ review, instrument }) => ({
      instrumentId: review.instrumentId,
      instrument,
      star: review.star,
      comment: review.comment,
      createdAt: review.createdAt.toISOString(),
    })),
    favourites: favourite.map(({ row, instrument }) => ({
      instrumentId: row.instrumentId,
      instrument,
      createdAt: row.createdAt.toISOString(),
    })),
    stockAlerts: alerts.map(({ alert, instrument }) => ({
      instrumentId: alert.instrumentId,
      instrument,
      createdAt: alert.createdAt.toISOString(),
      notifiedAt: iso(alert.notifiedAt),
    })),
    consents: {
      emailVerifiedAt: iso(account.emailVerifiedAt),
      newsletterSince: iso(newsletter[0]?.createdAt ?? null),
    },
  }
}

/** contract/users.ts's placeholder, as the columns of `sales`. */
export const ERASED_COLUMNS = {
  cusName: ERASED_CUSTOMER.cus_name,
  cusEmail: ERASED_CUSTOMER.cus_email,
  cusPhone: ERASED_CUSTOMER.cus_phone,
  cusAddress: ERASED_CUSTOMER.cus_address,
  cusCity: ERASED_CUSTOMER.cus_city,
  cusZip: ERASED_CUSTOMER.cus_zip,
}

/**
 * Erases a person, in the transaction that deletes their account (the rows tied to it by a
 * foreign key go with it: favourites, alerts, reset and verification links). The books keep the
 * sales, their totals, lines and country (tax is by country); the name, e-mail, phone and address
 * on them are replaced. Reviews stay for the instrument's rating, under no name. Mails to the
 * person and the answers kept for retried payments go.
 */
export async function eraseAccountData(tx: Database, account: Account) {
  const orders = await tx
    .select({ email: sales.cusEmail })
    .from(sales)
    .where(eq(sales.userId, account.id))
  const addresses = [...new Set([account.email, ...orders.map((o) => o.email)])].map((a) =>
    a.toLowerCase(),
  )
  await tx
    .update(sales)
    .set({ ...ERASED_COLUMNS, updatedAt: new Date() })
    .where(eq(sales.userId, account.id))
  await tx
    .update(reviews)
    .set({ userName: ERASED_CUSTOMER.cus_name })
    .where(eq(reviews.userId, account.id))
  await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, addresses))
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.accountId, account.id))
  const newsletter = newsletterOf(account)
  if (newsletter) await tx.delete(newsletterSubscribers).where(and(newsletter))
}
