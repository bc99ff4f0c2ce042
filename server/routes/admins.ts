import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { idBody } from '../../contract/rules'
import { account, adminRegisterBody, adminUpdateBody } from '../../contract/users'
import {
  assertAvailable,
  failIfTaken,
  hashPassword,
  listAccounts,
  publicAccount,
  updateAccountOfKind,
} from '../accounts'
import { accountEntry, recordAudit } from '../audit'
import type { AppEnv } from '../context'
import { accounts } from '../db/schema/accounts'
import { fail } from '../http-error'
import { requireAdmin } from '../middleware/auth'
import { validate } from '../middleware/validate'
import { describeOperation, notFound, ok } from '../openapi/describe-operation'

export const adminsRoutes = new Hono<AppEnv>()
adminsRoutes.use(requireAdmin)

const isAdmin = (id: number) => and(eq(accounts.id, id), eq(accounts.kind, 'admin'))

const aboutAdminList = describeOperation({
  summary: 'Every admin account',
  auth: 'admin',
  responses: { 200: z.array(account) },
})

adminsRoutes.get('/', aboutAdminList, async (c) =>
  c.json(await listAccounts(c.get('deps').db, 'admin')),
)

const aboutSignedInAdmin = describeOperation({
  summary: 'The signed-in admin',
  auth: 'admin',
  responses: { 200: account },
})

adminsRoutes.get('/id', aboutSignedInAdmin, (c) => c.json(publicAccount(c.get('account'))))

const aboutAdminEdit = describeOperation({
  summary: 'Edit an admin account, or ban it',
  auth: 'admin',
  responses: { 200: ok, ...notFound('Admin') },
})

adminsRoutes.put('/', aboutAdminEdit, validate(adminUpdateBody), async (c) => {
  const { id, ...fields } = c.req.valid('json')
  if (id === c.get('account').id && fields.rol !== 'admin') {
    fail(400, 'You cannot ban yourself', 'rol')
  }
  await c.get('deps').db.transaction(async (tx) => {
    const edit = await updateAccountOfKind(tx, 'admin', id, fields)
    if (!edit) fail(404, 'Admin not found')
    await recordAudit(tx, c.get('account'), accountEntry(edit.before, edit.after))
  })
  return c.json({ ok: 'The admin was updated successfully' })
})

const aboutAdminRegister = describeOperation({
  summary: 'Create an admin account',
  auth: 'admin',
  responses: { 200: ok },
})

adminsRoutes.post('/register', aboutAdminRegister, validate(adminRegisterBody), async (c) => {
  const { password, ...fields } = c.req.valid('json')
  const { db } = c.get('deps')
  const passwordHash = await hashPassword(password)
  await db
    .transaction(async (tx) => {
      await assertAvailable(tx, fields)
      const [row] = await tx
        .insert(accounts)
        .values({ ...fields, kind: 'admin', passwordHash, adminId: c.get('account').id })
        .returning()
      if (row) await recordAudit(tx, c.get('account'), accountEntry(null, row))
    })
    .catch(failIfTaken)
  return c.json({ ok: 'Admin created successfully' })
})

const aboutAdminDelete = describeOperation({
  summary: 'Delete another admin account',
  auth: 'admin',
  responses: { 200: ok, ...notFound('Admin') },
})

/** An admin cannot delete themselves, so the shop always keeps the admin who is signed in. */
adminsRoutes.delete('/', aboutAdminDelete, validate(idBody), async (c) => {
  const { id } = c.req.valid('json')
  if (id === c.get('account').id) fail(400, 'You cannot delete your own account', 'id')
  await c.get('deps').db.transaction(async (tx) => {
    const [before] = await tx.delete(accounts).where(isAdmin(id)).returning()
    if (!before) fail(404, 'Admin not found')
    await recordAudit(tx, c.get('account'), accountEntry(before, null))
  })
  // The spec's spelling, which the back office shows as is.
  return c.json({ ok: 'The admin was succesfully deleted' })
})
