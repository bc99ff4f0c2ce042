import type { AuditEntity, AuditKind } from '../../contract/audit'
import type { Database } from '../db/client'
import type { Account } from '../db/schema/accounts'
import { auditEvents } from '../db/schema/audit'

type Fields = Record<string, unknown>

export interface AuditEntry {
  kind: AuditKind
  entity: AuditEntity
  entityId?: string | number | null
  /** The row as it was; only the fields that changed are kept (see `changedFields`). */
  before?: Fields | null
  after?: Fields | null
}

/** Who did it, as the trail keeps them. */
export type Admin = Pick<Account, 'id' | 'userName'>

// Call it inside the transaction that makes the write, so the record and the change land together
// or not at all.
export async function recordAudit(tx: Database, admin: Admin, entry: AuditEntry) {
  const [before, after] = changedFields(entry.before ?? null, entry.after ?? null)
  // An edit that changed nothing wrote nothing: no row says it did.
  if (before && after && Object.keys(after).length === 0) return
  await tx.insert(auditEvents).values({
    adminId: admin.id,
    adminName: admin.userName,
    kind: entry.kind,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before,
    after,
  })
}

// An edit keeps only what it changed; a create or delete keeps the whole row. Secrets never land
// in the trail: a changed password is recorded as `password: 'changed'`, never its hash.
function changedFields(
  before: Fields | null,
  after: Fields | null,
): [Fields | null, Fields | null] {
  const b = before && withoutSecrets(before)
  const a = after && withoutSecrets(after)
  if (!b || !a) return [b, a]
  const keys = Object.keys({ ...b, ...a }).filter((k) => !sameValue(b[k], a[k]))
  const passwordChanged = PASSWORD_FIELDS.some(
    (k) => k in after && !sameValue(before?.[k], after[k]),
  )
  return [pick(b, keys), { ...pick(a, keys), ...(passwordChanged && { password: 'changed' }) }]
}

const PASSWORD_FIELDS = ['password', 'passwordHash']
// Secrets, and bookkeeping every write moves (a version, a timestamp) that tells a reader nothing.
const LEFT_OUT = new Set([...PASSWORD_FIELDS, 'tokenVersion', 'googleSub', 'updatedAt'])

function withoutSecrets(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => !LEFT_OUT.has(k)))
}

function pick(fields: Fields, keys: string[]): Fields {
  return Object.fromEntries(keys.filter((k) => k in fields).map((k) => [k, fields[k]]))
}

function sameValue(a: unknown, b: unknown) {
  return JSON.stringify(a) === JSON.stringify(b)
}
