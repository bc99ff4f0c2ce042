import type { SortValue } from '../../../contract/limits'

// docs/product.md §2 'Sort by' labels: the Record makes a missing or extra sort value an error.
export const sortLabels: Record<SortValue, string> = {
  default: 'Default',
  asce: 'A - Z',
  desce: 'Z - A',
  'low-price': 'Price low to high',
  'high-price': 'Price high to low',
}
