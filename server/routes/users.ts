import { and, eq, gt, isNull } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { idField } from '../../contract/rules'
import {
  account,
  accountDataExport,
  deleteAccountBody,
  ownAccount as ownAccountAnswer,
  profileUpdateBody,
  resetPassBody,
  userAdminUpdateBody,
  userCreateBody,
} from '../../contract/users'
import {
  assertAvailable,
  eraseAccountData,
  exportAccountData,
  failIfTaken,
  hashPassword,
  listAccounts,
  ownAccount,
  passwordChangedMail,
  raisedTokenVersion,
  sha256,
  updateAccountOfKind,
  verifyPassword,
} from '../accounts'
import { accountEntry, recordAudit } from '../audit'
import type { AppEnv } from '../context'
import type { Database } from '../db/client'
import { type Account, accounts } from '../db/schema/accounts'
import { passwordResetTokens } from '../db/schema/mail'
import { fail } from '../http-error'
import { queueMail } from '../mail'
import { optionalAccount, requireAdmin, requireAuth, sessionIssuedAt } from '../middleware/auth'
import { limitPerAddress, takeAttempts } from '../middleware/rate-limit'
import { validate, validateOptionalBody } from '../middleware/validate'
import { badId, describeOperation, notFound, ok, tooMany } from '../openapi/describe-operation'
import { listSales } from './sales'

export const usersRoutes = new Hono<AppEnv>()

const aboutOwnAccount = describeOperation({
  summary: 'The signed-in account, with whether its e-mail is verified and it has a password',
  auth: 'user',
  responses: { 200: ownAccountAnswer },
})

usersRoutes.get('/token', aboutOwnAccount, requireAuth, (c) => c.json(ownAccount(c.get('account'))))

const aboutDataExport = describeOperation({
  summary:
    "The caller's own data as a JSON download (Content-Disposition: attachment): profile, checkout addresses, orders, reviews, favourites, stock alerts, consents",
  auth: 'user',
  responses: { 200: accountDataExport },
})

// Only the caller's own: there is no id to ask for another's.
usersRoutes.get('/me/export', aboutDataExport, requireAuth, async (c) => {
  const { db } = c.get('deps')
  const account = c.get('account')
  const data = await exportAccountData(db, account, await listSales(db, account.id))
  const day = data.exportedAt.slice(0, 10)
  c.header('Content-Disposition', `attachment; filename="instrument-shop-data-${day}.json"`)
  return c.json(data)
})

const aboutUserList = describeOperation({
  summary: 'Every shopper account',
  auth: 'admin',
  responses: { 200: z.array(account) },
})

usersRoutes.get('/', aboutUserList, requireAdmin, async (c) =>
  c.json(await listAccounts(c.get('deps').db, 'user')),
)

const aboutUserCreate = describeOperation({
  summary: 'Create a shopper account (role user or banned)',
  auth: 'admin',
  responses: { 200: ok },
})

/** docs/product.md §6: admins create users with role user or banned, nothing else (the schema's enum). */
usersRoutes.post('/', aboutUserCreate, requireAdmin, validate(userCreateBody), async (c) => {
  const { password, ...fields } = c.req.valid('json')
  const { db } = c.get('deps')
  const passwordHash = await hashPassword(password)
  await db
    .transaction(async (tx) => {
      await assertAvailable(tx, fields)
      const [row] = await tx
        .insert(accounts)
        .values({ ...fields, kind: 'user', passwordHash })
        .returning()
      if (row) await recordAudit(tx, c.get('account'), accountEntry(null, row))
    })
    .catch(failIfTaken)
  return c.json({ ok: 'User created successfully' })
})

const aboutProfileEdit = describeOperation({
  summary: 'Edit the own profile',
  auth: 'user',
  responses: { 200: ok },
})

usersRoutes.put('/', aboutProfileEdit, requireAuth, validate(profileUpdateBody), async (c) => {
  await takeAttempts(c, [['profile-save-account', String(c.get('account').id)]])
  const { db } = c.get('deps')
  const account = c.get('account')
  await db.transaction(async (tx) => {
    const [after] = await tx
      .update(accounts)
      .set({ ...c.req.valid('json'), updatedAt: new Date() })
      .where(eq(accounts.id, account.id))
      .returning()
    // An admin's own profile (the back office's Profile) is an admin write like any other.
    if (after?.kind === 'admin') await recordAudit(tx, account, accountEntry(account, after))
  })
  return c.json({ ok: 'Your information was updated successfully' })
})

const aboutUserEdit = describeOperation({
  summary: 'Edit a shopper account, or ban it',
  auth: 'admin',
  responses: { 200: ok, ...notFound('User') },
})

/** A changed role raises the token version, so a ban ends the user's earlier tokens. */
usersRoutes.put('/admin', aboutUserEdit, requireAdmin, validate(userAdminUpdateBody), async (c) => {
  const { id, ...fields } = c.req.valid('json')
  const { db } = c.get('deps')
  await db.transaction(async (tx) => {
    const edit = await updateAccountOfKind(tx, 'user', id, fields)
    if (!edit) fail(404, 'User not found')
    await recordAudit(tx, c.get('account'), accountEntry(edit.before, edit.after))
  })
  return c.json({ ok: 'The user was updated successfully' })
})

const aboutAccountDelete = describeOperation({
  summary:
    'Delete the own account (its sales stay for the books with the name, e-mail, phone and address replaced): needs currentPassword, or for an account without a password a sign-in in the last 5 minutes',
  auth: 'user',
  responses: {
    200: ok,
    400: 'currentPassword: missing or wrong',
    403: 'Sign in again: the account has no password and the sign-in is older than 5 minutes',
    ...tooMany,
  },
})

// The caller's own account; their sales stay for the books, erased of who they were
// (accounts/account-data.ts).
// An admin leaves through another admin (DELETE /admins), so the shop keeps an admin.
// A stolen token alone must not delete an account: the current password, or for an
// account without one (made through Google) a sign-in in the last 5 minutes.
usersRoutes.delete(
  '/',
  aboutAccountDelete,
  requireAuth,
  validateOptionalBody(deleteAccountBody),
  async (c) => {
    const account = c.get('account')
    if (account.kind !== 'user') fail(400, 'An admin account is deleted by another admin')
    const { currentPassword } = c.req.valid('json')
    if (account.passwordHash) await checkCurrentPassword(c, account, currentPassword)
    else if (Date.now() - ((await sessionIssuedAt(c)) ?? 0) > FRESH_SIGN_IN_MS) {
      fail(403, 'Sign in again to delete your account: it needs a sign-in in the last 5 minutes')
    }
    await c.get('deps').db.transaction(async (tx) => {
      await eraseAccountData(tx, account)
      await tx.delete(accounts).where(eq(accounts.id, account.id))
    })
    return c.json({ ok: 'Your account was deleted' })
  },
)

const FRESH_SIGN_IN_MS = 5 * 60 * 1000

const aboutUserDelete = describeOperation({
  summary: 'Delete a shopper account (its sales stay with the person erased, as for DELETE /users)',
  auth: 'admin',
  responses: { 200: ok, 400: badId, ...notFound('User') },
})

/** docs/architecture.md: the spec's id-less admin deletion cannot work, so the id is in the path. */
usersRoutes.delete('/:id', aboutUserDelete, requireAdmin, async (c) => {
  const id = idField.safeParse(c.req.param('id'))
  if (!id.success) fail(400, 'id: must be a positive whole number', 'id')
  await c.get('deps').db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id.data), eq(accounts.kind, 'user')))
      .for('update')
    if (!user) fail(404, 'User not found')
    await eraseAccountData(tx, user)
    const [before] = await tx.delete(accounts).where(eq(accounts.id, user.id)).returning()
    if (!before) fail(404, 'User not found')
    await recordAudit(tx, c.get('account'), accountEntry(before, null))
  })
  return c.json({ ok: 'El User se elimino con exito.' })
})

const RESET_LINK_INVALID = 'This reset link is invalid, used or expired: ask for a new one'

const aboutPasswordChange = describeOperation({
  summary:
    'Change a password: with the one-time token of the reset mail, or with the bearer token of that account',
  auth: 'optional',
  responses: { 200: ok, 403: 'You can only change the password of your own account', ...tooMany },
})

// A mailed link's token, or this account's bearer token plus its current password: a stolen
// token alone must not become a takeover. Links are looked up by token, never by e-mail.
usersRoutes.post(
  '/resetpass',
  aboutPasswordChange,
  limitPerAddress('reset-address'),
  validate(resetPassBody),
  async (c) => {
    const { email, pass, token } = c.req.valid('json')
    const { db } = c.get('deps')
    const now = new Date()
    const account = token
      ? await accountOfResetLink(db, token, email, now)
      : await accountOfCaller(c, email)
    const passwordHash = await hashPassword(pass)
    const openLinks = and(
      eq(passwordResetTokens.accountId, account.id),
      isNull(passwordResetTokens.usedAt),
    )
    await db.transaction(async (tx) => {
      if (token) {
        const claimed = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(openLinks, eq(passwordResetTokens.tokenHash, sha256(token))))
          .returning({ id: passwordResetTokens.id })
        if (claimed.length === 0) fail(400, RESET_LINK_INVALID, 'token')
      }
      await tx.update(passwordResetTokens).set({ usedAt: now }).where(openLinks)
      const [after] = await tx
        .update(accounts)
        .set({ passwordHash, tokenVersion: raisedTokenVersion, updatedAt: now })
        .where(eq(accounts.id, account.id))
        .returning()
      // An admin's new password is an admin write: the trail says it changed, never what to.
      if (after?.kind === 'admin') await recordAudit(tx, account, accountEntry(account, after))
      await queueMail(tx, passwordChangedMail(account))
    })
    // The person proved the account is theirs: a back-off strangers ran up ends here.
    await c.get('deps').throttle.clear('login-account', account.userName)
    return c.json({ ok: 'Your password was changed' })
  },
)

async function accountOfResetLink(db: Database, token: string, email: string, now: Date) {
  const [link] = await db
    .select({ account: accounts })
    .from(passwordResetTokens)
    .innerJoin(accounts, eq(accounts.id, passwordResetTokens.accountId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
  if (!link || link.account.email.toLowerCase() !== email.trim().toLowerCase()) {
    fail(400, RESET_LINK_INVALID, 'token')
  }
  return link.account
}

/** Never a 401 here: the SPA signs out on any 401, and this form is used signed in. */
async function accountOfCaller(c: Context<AppEnv>, email: string) {
  const caller = await optionalAccount(c)
  if (!caller) fail(400, 'Open the link from the reset e-mail to change your password', 'token')
  if (caller.email.toLowerCase() !== email.trim().toLowerCase()) {
    fail(403, 'You can only change the password of your own account')
  }
  const { currentPassword } = c.req.valid('json' as never) as { currentPassword?: string }
  await checkCurrentPassword(c, caller, currentPassword)
  return caller
}

/** Never a 401 (the SPA signs out on one). Guessing it with a stolen token is guessing a login. */
async function checkCurrentPassword(
  c: Context<AppEnv>,
  account: Account,
  currentPassword: string | undefined,
) {
  if (!currentPassword) fail(400, 'Enter your current password', 'currentPassword')
  await takeAttempts(c, [['login-account', account.userName]])
  if (!(await verifyPassword(currentPassword, account.passwordHash))) {
    fail(400, 'Your current password is not this one', 'currentPassword')
  }
  await c.get('deps').throttle.clear('login-account', account.userName)
}
