import { useNavigate, useSearch } from '@tanstack/react-router'
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react'
import type { Suggestion } from '../../../contract/catalog'
import { sortValues } from '../../../contract/limits'
import { formatPrice } from '../../../contract/money'
import { useSuggestions } from './use-suggestions'
import './search-suggestions.css'
import { InstrumentPicture } from '../../components/instrument-picture'

// The site's search box (docs/product.md §4) and its suggestions: an ARIA combobox (the APG's "list
// autocomplete" pattern). Arrows move through the list, Enter opens the product (or searches when
// none is chosen), Escape closes the list, and a live region says how many there are.
export function SearchBox() {
  const navigate = useNavigate()
  const current = useSearch({ strict: false })
  const urlName = current.name ?? ''
  return <SearchForm key={urlName} urlName={urlName} navigate={navigate} />
}

function SearchForm({
  urlName,
  navigate,
}: {
  urlName: string
  navigate: ReturnType<typeof useNavigate>
}) {
  const [typed, setTyped] = useState(urlName)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [edited, setEdited] = useState(false)
  const suggestions = useSuggestions(typed, edited)
  const listId = useId()
  const items = suggestions ?? []
  const expanded = open && items.length > 0
  const optionId = (index: number) => `${listId}-${index}`

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setOpen(false)
    const name = typed.trim()
    void navigate({
      to: '/',
      search: (prev) => ({
        // The home page's sort, not a back-office table's of the same name.
        sort: sortValues.find((sort) => 'sort' in prev && sort === prev.sort),
        category: 'category' in prev ? prev.category : undefined,
        name: name || undefined,
        page: 1,
      }),
    }).then(() => window.scrollTo({ top: 0 }))
  }

  const openProduct = (suggestion: Suggestion) => {
    setOpen(false)
    void navigate({ to: '/instruments/$id', params: { id: suggestion.id } })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = items.length - 1
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return
      event.preventDefault()
      setOpen(true)
      const down = event.key === 'ArrowDown'
      setActive((now) => (down ? (now >= last ? 0 : now + 1) : now <= 0 ? last : now - 1))
    } else if (event.key === 'Enter' && expanded && items[active]) {
      event.preventDefault()
      openProduct(items[active])
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers we serve
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search instruments
      </label>
      <input
        id="site-search"
        name="name"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value)
          setEdited(true)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
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
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="suggestions"
        hidden={!expanded}
      >
        {items.map((suggestion, index) => (
          <div
            key={suggestion.id}
            id={optionId(index)}
            role="option"
            // Focus stays in the box (aria-activedescendant); -1 only makes it focusable.
            tabIndex={-1}
            aria-selected={index === active}
            className="suggestion"
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault()
              openProduct(suggestion)
            }}
          >
            <InstrumentPicture
              src={suggestion.img}
              width={40}
              height={40}
              sizes="40px"
              loading="lazy"
            />
            <span className="suggestion-name">{suggestion.name}</span>
            <span className="suggestion-price">{formatPrice(suggestion.price)}</span>
          </div>
        ))}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {open && suggestions !== undefined ? suggestionCount(items.length) : ''}
      </p>
    </form>
  )
}

const suggestionCount = (n: number) =>
  n === 0 ? 'No suggestions' : n === 1 ? '1 suggestion' : `${n} suggestions`
