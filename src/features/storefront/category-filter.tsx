import { useSuspenseQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { categoryQueries } from '../../api/categories'
import { Skeleton } from '../../components/skeleton'
import { useHomeSearch } from './use-home-search'

const ALL = 'All'

export function CategoryFilter() {
  const { data } = useSuspenseQuery(categoryQueries.visible())
  const { controls: search, refine } = useHomeSearch()
  const name = useId()
  const current = search.category?.toLowerCase() ?? ALL.toLowerCase()
  const options = [ALL, ...data.map((c) => c.name)]

  return (
    <fieldset className="category-filter">
      <legend>Categories</legend>
      {options.map((option) => (
        <label key={option} className="radio">
          <input
            type="radio"
            name={name}
            value={option}
            checked={current === option.toLowerCase()}
            onChange={() => refine({ category: option === ALL ? undefined : option })}
          />
          <span>{option}</span>
        </label>
      ))}
    </fieldset>
  )
}

export function CategoryFilterSkeleton() {
  return (
    <div className="category-filter" aria-hidden="true">
      <Skeleton className="skeleton-line" style={{ width: '60%' }} />
      {[1, 2, 3, 4, 5, 6, 7].map((n) => (
        <Skeleton key={n} className="skeleton-line" style={{ width: `${50 + ((n * 13) % 40)}%` }} />
      ))}
    </div>
  )
}
