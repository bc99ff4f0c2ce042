import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import { ListTable } from './list-table'
import type { Column } from './table-view'
import { useLocalTableView } from './table-view'

interface Row {
  id: number
  img: string
  name: string
  saldo_caja: number
}

const rows: Row[] = [
  { id: 7, img: 'https://cdn.example.com/b.png', name: 'Banjo', saldo_caja: 1299 },
  { id: 3, img: '/images/instruments/a.svg', name: 'accordion', saldo_caja: 19.5 },
  { id: 9, img: 'https://cdn.example.com/c.png', name: 'Cello', saldo_caja: 0 },
]

const columns: Column<Row>[] = [
  { header: 'idInstrument', value: (r) => r.id },
  { header: 'Image', value: (r) => r.img },
  { header: 'Name', value: (r) => r.name },
  { header: 'saldo_caja', value: (r) => r.saldo_caja },
]

function renderTable(
  data: Row[] = rows,
  handlers: Partial<Record<'onEdit' | 'onDelete', (r: Row) => void>> = {},
) {
  return render(<Table data={data} {...handlers} />)
}

/** The table as a dialog holds it: its search and sort in its own state. */
function Table({
  data,
  ...handlers
}: { data: Row[] } & Partial<Record<'onEdit' | 'onDelete', (r: Row) => void>>) {
  return (
    <ListTable
      caption="Instruments"
      rows={data}
      view={useLocalTableView()}
      columns={columns}
      emptyText="No hay Instrumentos"
      rowName={(r) => r.name}
      search={{ label: 'Search', text: (r) => r.name, noMatch: 'Instrumento no encontrado' }}
      {...handlers}
    />
  )
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const cellTexts = (column: number) =>
  bodyRows().map((row) => within(row).getAllByRole('cell')[column]?.textContent)

describe('ListTable (docs/product.md §2, generic admin table)', () => {
  it("starts with an 'Id' row counter, then the columns", () => {
    renderTable()
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers.slice(0, 5)).toEqual(['Id', 'idInstrument↕', 'Image↕', 'Name↕', 'saldo_caja↕'])
    expect(cellTexts(0)).toEqual(['1', '2', '3'])
  })

  it('shows the second column as images, https and local paths alike', () => {
    renderTable()
    const images = within(screen.getByRole('table')).getAllByRole('presentation')
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      'https://cdn.example.com/b.png',
      '/images/instruments/a.svg',
      'https://cdn.example.com/c.png',
    ])
  })

  it('prefixes saldo_caja with $', () => {
    renderTable()
    expect(cellTexts(4)).toEqual(['$1,299', '$19.50', '$0'])
  })

  it('sorts by a header, ascending then descending, and says so with aria-sort', async () => {
    const user = userEvent.setup()
    renderTable()
    const name = screen.getByRole('columnheader', { name: /^Name/ })
    expect(name).toHaveAttribute('aria-sort', 'none')
    await user.click(within(name).getByRole('button'))
    expect(name).toHaveAttribute('aria-sort', 'ascending')
    expect(cellTexts(3)).toEqual(['accordion', 'Banjo', 'Cello'])
    await user.click(within(name).getByRole('button'))
    expect(name).toHaveAttribute('aria-sort', 'descending')
    expect(cellTexts(3)).toEqual(['Cello', 'Banjo', 'accordion'])
    // The counter counts rows as shown, not as stored.
    expect(cellTexts(0)).toEqual(['1', '2', '3'])
  })

  it('filters case-insensitively and shows the no-match message, also as an error toast', async () => {
    const error = vi.spyOn(toast, 'error')
    const user = userEvent.setup()
    renderTable()
    const search = screen.getByRole('searchbox', { name: 'Search' })
    await user.type(search, 'CEL')
    expect(cellTexts(3)).toEqual(['Cello'])
    await user.type(search, 'x')
    expect(screen.getByText('Instrumento no encontrado')).toBeInTheDocument()
    await user.type(search, 'yz')
    // One toast per miss, not one per keystroke.
    expect(error).toHaveBeenCalledTimes(1)
    expect(error).toHaveBeenCalledWith('Instrumento no encontrado')
    error.mockRestore()
  })

  it('shows the empty message with no rows', () => {
    renderTable([])
    expect(screen.getByText('No hay Instrumentos')).toBeInTheDocument()
  })

  it('has labelled Delete and Edit buttons on each row', async () => {
    const onEdit = vi.fn()
    const onDelete = vi.fn()
    const user = userEvent.setup()
    renderTable(rows, { onEdit, onDelete })
    await user.click(screen.getByRole('button', { name: 'Edit Cello' }))
    expect(onEdit).toHaveBeenCalledWith(rows[2])
    await user.click(screen.getByRole('button', { name: 'Delete Banjo' }))
    expect(onDelete).toHaveBeenCalledWith(rows[0])
  })
})
