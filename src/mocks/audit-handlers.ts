import { auditQuery } from '../../contract/audit-trail'
import { http } from './http'

type Caller = (request: Request) => { rol: string } | null

// The mock backend's audit trail (server/routes/audit.ts): the same query checks and refusals.
// The in-memory shop keeps no trail of its writes, so every page is empty.
export function auditHandlers(caller: Caller) {
  return [
    http.get('/api/audit', ({ request, response }) => {
      const who = caller(request)
      if (!who) return response(401).json({ error: 'You need to log in' })
      if (who.rol !== 'admin')
        return response(403).json({ error: 'Only administrators may do this' })
      const parsed = auditQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const field = issue?.path.join('.') || 'query'
        return response(400).json({ error: `${field}: ${issue?.message ?? 'invalid'}`, field })
      }
      const { page, pageSize } = parsed.data
      return response(200).json({ items: [], total: 0, page, pages: 1, pageSize })
    }),
  ]
}
