import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { idBody } from '../../contract/rules'
import { adminRegisterBody, adminUpdateBody } from '../../contract/users'
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

export const adminsRoutes = new Hono<AppEnv>()
adminsRoutes.use(requireAdmin)

const isAdmin = (id: number) => and(eq(accounts.id, id), eq(accounts.kind, 'admin'))

adminsRoutes.get('/', async (c) => c.json(await listAccounts(c.get('deps').db, 'admin')))

adminsRoutes.get('/id', (c) => c.json(publicAccount(c.get('account'))))

adminsRoutes.put('/', validate(adminUpdateBody), async (c) => {
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

adminsRoutes.post('/register', validate(adminRegisterBody), async (c) => {
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

/** An admin cannot delete themselves, so the shop always keeps the admin who is signed in. */
adminsRoutes.delete('/', validate(idBody), async (c) => {
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
