// docs/product.md §2, the back office's tabs in the spec's order, then Audit, which the spec does
// not have: after all six, so theirs stay side by side and in their places. The pricing tabs
// come after those. Read by the /admin route's search schema, which is in every page's
// first load, so this file stays free of the back office's code.
export const adminTabs = [
  'instruments',
  'users',
  'categories',
  'admins',
  'historyshops',
  'profile',
  'audit',
  'shipping',
  'taxes',
  'discounts',
] as const
export type AdminTab = (typeof adminTabs)[number]
