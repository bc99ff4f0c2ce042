import type { Category, Instrument } from '../../contract/catalog'

// Spec 5, visibility: "Instruments shown to shoppers are only those where neither the instrument
// nor its category is banned. Banned categories are also hidden from the filter." The server
// filters its pages with the same rule; the storefront applies it again so a stale or mixed
// answer can never show a banned item.

type Visible = Pick<Instrument, 'isBanned'> & { category: Pick<Category, 'isBanned'> }

export function isVisibleToShoppers(instrument: Visible): boolean {
  return !instrument.isBanned && !instrument.category.isBanned
}

export function visibleInstruments<T extends Visible>(instruments: readonly T[]): T[] {
  return instruments.filter(isVisibleToShoppers)
}

export function visibleCategories<T extends Pick<Category, 'isBanned'>>(
  categories: readonly T[],
): T[] {
  return categories.filter((category) => !category.isBanned)
}
