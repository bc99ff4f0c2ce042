import type { SortValue } from '../../../contract/catalog'
import { sortLabels, sortOptions } from './sort-options'
import { useHomeSearch } from './use-home-search'

/** Spec 2: the 'Sort by' dropdown. */
export function SortSelect() {
  const { controls: search, refine } = useHomeSearch()
  return (
    <div className="sort-select">
      <label htmlFor="sort-by">Sort by</label>
      <select
        id="sort-by"
        value={search.sort}
        onChange={(event) => refine({ sort: event.target.value as SortValue })}
      >
        {sortOptions.map((value) => (
          <option key={value} value={value}>
            {sortLabels[value]}
          </option>
        ))}
      </select>
    </div>
  )
}
