// What the back office's audit trail records: every admin write, by kind. The server writes one
// row per write (server/audit/record.ts) and the Audit tab filters by these kinds.
export const AUDIT_KINDS = [
  'instrument.create',
  'instrument.update',
  'instrument.delete',
  'instrument.import',
  'category.create',
  'category.update',
  'category.delete',
  'user.create',
  'user.update',
  'user.delete',
  'user.ban',
  'user.unban',
  'user.role',
  'admin.create',
  'admin.update',
  'admin.delete',
  'sale.ship',
  'sale.deliver',
  'sale.cancel',
  'sale.refund',
  'setting.update',
] as const
export type AuditKind = (typeof AUDIT_KINDS)[number]

/** The row an audit entry is about, in the shop's words. */
export type AuditEntity = 'instrument' | 'category' | 'user' | 'admin' | 'sale' | 'setting'
