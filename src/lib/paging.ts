// docs/product.md §5, paging: "Number of pages = total elements divided by page size, rounded up. Previous
// does not go below 1. Next does not go beyond the last page." docs/product.md §9: 10 per page.

export const PAGE_SIZE = 10

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  if (total <= 0 || pageSize <= 0) return 0
  return Math.ceil(total / pageSize)
}

export function previousPage(page: number): number {
  return Math.max(1, page - 1)
}

export function nextPage(page: number, pages: number): number {
  return Math.max(1, Math.min(pages, page + 1))
}

// At most 7 slots (null for an ellipsis), so a long catalogue's pager still fits a phone.
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i)
  if (pages <= 7) return range(1, pages)
  if (page <= 4) return [...range(1, 5), null, pages]
  if (page >= pages - 3) return [1, null, ...range(pages - 4, pages)]
  return [1, null, page - 1, page, page + 1, null, pages]
}
