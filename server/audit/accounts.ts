import { publicAccount } from '../accounts'
import type { Account } from '../db/schema/accounts'
import type { AuditEntry } from './record'

// An account's write as the audit trail keeps it: a user's or an admin's, and a change of role
// read as the ban or unban it is. The hash goes in only so the trail can say the password changed.
export function accountEntry(before: Account | null, after: Account | null): AuditEntry {
  const entity = (after ?? before)?.kind ?? 'user'
  const shown = (row: Account | null) =>
    row && { ...publicAccount(row), passwordHash: row.passwordHash }
  return {
    kind: `${entity}.${accountMove(before, after)}`,
    entity,
    entityId: (after ?? before)?.id,
    before: shown(before),
    after: shown(after),
  }
}

function accountMove(before: Account | null, after: Account | null) {
  if (!before) return 'create'
  if (!after) return 'delete'
  if (before.rol !== after.rol) return after.rol === 'banned' ? 'ban' : 'unban'
  return 'update'
}
