import type { SortValue } from '../../../contract/catalog'

// Spec 2 'Sort by' labels for spec 4's sort values. Typed against the contract (type-only, so the
// entry bundle does not pull classic zod in); the Record makes a missing or extra value an error.
export const sortLabels: Record<SortValue, string> = {
  default: 'Default',
  asce: 'A - Z',
  desce: 'Z - A',
  'low-price': 'Price low to high',
  'high-price': 'Price high to low',
}

export const sortOptions = Object.keys(sortLabels) as [SortValue, ...SortValue[]]
