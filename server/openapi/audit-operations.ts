import { auditPage, auditQuery } from '../../contract/audit-trail'
import type { Operation } from './operations'

// The audit trail's one route. There is no route that edits or deletes the trail.
export const auditOperations: Record<string, Operation> = {
  'GET /audit': {
    summary:
      "The back office's audit trail, newest first, one page at a time: who (admin id and name), when, what (kind, entity and its id) and the fields before and after. Filters: adminId, kind, from and to (a date, or an ISO date-time); a bad one is a 400 naming it",
    auth: 'admin',
    query: auditQuery,
    responses: { 200: auditPage, 400: 'A bad page, pageSize, adminId, kind, from or to (named)' },
  },
}
