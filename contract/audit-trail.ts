import { z } from 'zod'
import { AUDIT_KINDS } from './audit'
import { idField } from './rules'

// GET /api/audit: the back office's audit trail, newest first, one page at a time. A bad filter is
// refused with its name rather than dropped: a trail silently unfiltered would mislead.

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const

/** An empty field of the filter form is no filter. */
const blankIsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `at least ${min}`).max(max, `at most ${max}`))

const DAY = /^\d{4}-\d{2}-\d{2}$/
const moment = z
  .string()
  .max(40)
  .refine(
    (v) =>
      (DAY.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success) &&
      !Number.isNaN(Date.parse(v)),
    'must be a date (YYYY-MM-DD) or an ISO date-time',
  )

export const auditQuery = z
  .object({
    page: z.preprocess(blankIsMissing, wholeNumber(1, 1_000_000).optional()).default(1),
    pageSize: z.preprocess(blankIsMissing, wholeNumber(1, 100).optional()).default(25),
    adminId: z.preprocess(blankIsMissing, idField.optional()),
    kind: z.preprocess(
      blankIsMissing,
      z.enum(AUDIT_KINDS, { message: `must be one of ${AUDIT_KINDS.join(', ')}` }).optional(),
    ),
    /** From this moment, or from the start of this day (UTC). */
    from: z.preprocess(blankIsMissing, moment.optional()),
    /** Up to this moment, or to the end of this day (UTC). */
    to: z.preprocess(blankIsMissing, moment.optional()),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && periodStart(q.from) >= periodEnd(q.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' })
    }
  })
export type AuditQuery = z.output<typeof auditQuery>

export const periodStart = (from: string) => new Date(from)
/** A day alone takes the whole day: `to=2026-11-25` includes that day's last minute. */
export const periodEnd = (to: string) =>
  DAY.test(to) ? new Date(Date.parse(to) + 24 * 60 * 60 * 1000) : new Date(Date.parse(to) + 1)

const fields = z.record(z.string(), z.unknown()).nullable()

export const auditEvent = z.object({
  id: z.number(),
  at: z.string(),
  adminId: z.number().nullable(),
  adminName: z.string(),
  kind: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** Only the fields that changed (a create has no `before`, a delete no `after`). */
  before: fields,
  after: fields,
})
export type AuditEvent = z.infer<typeof auditEvent>

export const auditPage = z.object({
  items: z.array(auditEvent),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  pageSize: z.number(),
})
export type AuditPage = z.infer<typeof auditPage>
