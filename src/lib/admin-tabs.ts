// docs/product.md §2, the back office's tabs in the spec's order. Read by the /admin route's search schema,
// which is in every page's first load, so this file stays free of the back office's code.
export const adminTabs = [
  'instruments',
  'users',
  'categories',
  'admins',
  'historyshops',
  'profile',
] as const
export type AdminTab = (typeof adminTabs)[number]
