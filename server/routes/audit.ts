import { and, count, desc, eq, gte, lt } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  type AuditPage,
  auditPage,
  auditQuery,
  periodEnd,
  periodStart,
} from '../../contract/audit-trail'
import type { AppEnv } from '../context'
import { auditEvents } from '../db/schema/audit'
import { requireAdmin } from '../middleware/auth'
import { parseQuery } from '../middleware/validate'
import { describeOperation } from '../openapi/describe-operation'

const aboutAuditTrail = describeOperation({
  summary:
    "The back office's audit trail, newest first, one page at a time: who (admin id and name), when, what (kind, entity and its id) and the fields before and after. Filters: adminId, kind, from and to (a date, or an ISO date-time); a bad one is a 400 naming it",
  auth: 'admin',
  query: auditQuery,
  responses: { 200: auditPage, 400: 'A bad page, pageSize, adminId, kind, from or to (named)' },
})

// The back office's audit trail, read only: no route edits or deletes a row (and migration 0012's
// trigger refuses it to any code that tries).
export const auditRoutes = new Hono<AppEnv>().get('/', aboutAuditTrail, requireAdmin, async (c) => {
  const query = parseQuery(auditQuery, c.req.query())
  const { db } = c.get('deps')
  const where = and(
    query.adminId === undefined ? undefined : eq(auditEvents.adminId, query.adminId),
    query.kind === undefined ? undefined : eq(auditEvents.kind, query.kind),
    query.from === undefined ? undefined : gte(auditEvents.at, periodStart(query.from)),
    query.to === undefined ? undefined : lt(auditEvents.at, periodEnd(query.to)),
  )
  const [counted] = await db.select({ total: count() }).from(auditEvents).where(where)
  const total = counted?.total ?? 0
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  const page: AuditPage = {
    items: rows.map((row) => ({
      ...row,
      at: row.at.toISOString(),
      before: row.before as AuditPage['items'][number]['before'],
      after: row.after as AuditPage['items'][number]['after'],
    })),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.pageSize)),
    pageSize: query.pageSize,
  }
  return c.json(page)
})
