import { type SortValue, sortValues } from '../../../contract/limits'
import { sortLabels } from './sort-options'
import { useHomeSearch } from './use-home-search'

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
        {sortValues.map((value) => (
          <option key={value} value={value}>
            {sortLabels[value]}
          </option>
        ))}
      </select>
    </div>
  )
}
