import { type ReactNode, useState } from 'react'

export interface TableSort {
  key: string
  desc: boolean
}

/**
 * What a table shows of its rows, kept by whoever owns the table: the URL for a back-office tab
 * (use-admin-search.ts), the table's own state inside a dialog (useLocalTableView).
 */
export interface TableView {
  query: string
  onQuery: (next: string) => void
  sort?: TableSort
  onSort: (sort: TableSort | undefined) => void
}

/** A table whose search, sort and pages the server does (use-admin-list.ts). */
export interface ServerPaging extends TableView {
  page: number
  pages: number
  /** Rows matching the search and filters, over every page: at least that many when capped. */
  total: number
  totalCapped?: boolean
  hasNext: boolean
  /** Rows on the pages before this one: the Id column counts on from it. */
  offset: number
  onPage: (page: number) => void
  busy?: boolean
}

/** A view nobody else needs to know: forgotten when the table goes. */
export function useLocalTableView(): TableView {
  const [query, onQuery] = useState('')
  const [sort, onSort] = useState<TableSort>()
  return { query, onQuery, sort, onSort }
}

export interface Column<T> {
  header: string
  value: (row: T) => string | number | boolean | null
  money?: boolean
  /** Shown instead of the value (which still sorts the column), e.g. a state's badge. */
  render?: (row: T) => ReactNode
  /** The key the table's view (the URL for a tab) names this column by when sorted. */
  sortKey?: string
}

/** What both tables take besides their view: the rows, how to show them, each row's buttons. */
export interface TableProps<T> {
  caption: string
  rows: T[]
  columns: Column<T>[]
  emptyText: string
  toolbar?: ReactNode
  /** Told of each keystroke in the search box before the search changes. */
  onSearch?: () => void
  rowName?: (row: T) => string
  onEdit?: (row: T) => void
  onDelete?: (row: T) => void
  actions?: (row: T) => ReactNode
}
