// What the back office's audit trail records: every admin write, by kind. The server writes one
// row per write (server/audit/record.ts) and the Audit tab filters by these kinds. A role change is
// a ban or an unban: an admin sets a user's rol to user or banned and an admin's to admin or banned
// (docs/product.md §4), never moves an account between users and admins.
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
  'admin.create',
  'admin.update',
  'admin.delete',
  'admin.ban',
  'admin.unban',
  'sale.ship',
  'sale.deliver',
  'sale.cancel',
  'sale.refund',
  'setting.update',
  'zone.create',
  'zone.update',
  'zone.delete',
  'discount.create',
  'discount.update',
  'discount.delete',
] as const
export type AuditKind = (typeof AUDIT_KINDS)[number]

/** The row an audit entry is about, in the shop's words. */
export type AuditEntity =
  | 'instrument'
  | 'category'
  | 'user'
  | 'admin'
  | 'sale'
  | 'setting'
  | 'zone'
  | 'discount'
