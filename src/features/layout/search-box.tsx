import { useNavigate, useSearch } from '@tanstack/react-router'
import type { FormEvent } from 'react'

export function SearchBox() {
  const navigate = useNavigate()
  const current = useSearch({ strict: false })
  const urlName = current.name ?? ''

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim()
    void navigate({
      to: '/',
      search: (prev) => ({
        sort: 'sort' in prev ? prev.sort : undefined,
        category: 'category' in prev ? prev.category : undefined,
        name: name || undefined,
        page: 1,
      }),
    }).then(() => window.scrollTo({ top: 0 }))
  }

  return (
    // Re-keyed on the URL's name so the box shows what the page shows after back/forward.
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers we serve
    <form key={urlName} role="search" className="search-box" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search instruments
      </label>
      <input
        id="site-search"
        name="name"
        type="search"
        defaultValue={urlName}
        placeholder="Search instruments"
        autoComplete="off"
        maxLength={100}
      />
      <button type="submit" className="search-submit" aria-label="Search">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  )
}
