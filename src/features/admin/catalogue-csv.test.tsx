import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../query-client'
import { useSessionStore } from '../../stores/session'
import { server } from '../../test/server'
import { CatalogueCsv } from './catalogue-csv'
import { SalesCsvExport } from './sales-csv'

// The Instruments tab's CSV tools: choose a file → the dry run shows each problem
// with its line, or "N new, M updated" → Import.

afterEach(() => {
  useSessionStore.getState().signOut()
  vi.restoreAllMocks()
})

function renderTools(ui = <CatalogueCsv />) {
  useSessionStore.getState().signIn({ token: 'admin-token', userName: 'admin' })
  const queryClient = createQueryClient()
  const user = userEvent.setup()
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>)
  return { user, queryClient }
}

const csvFile = (text = 'id,name\n1,x\n') => new File([text], 'catalogue.csv', { type: 'text/csv' })

async function chooseFile(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Import CSV' }))
  const dialog = screen.getByRole('dialog', { name: 'Import instruments from CSV' })
  await user.upload(within(dialog).getByLabelText('CSV file'), csvFile())
  return within(dialog)
}

describe('the catalogue import dialog', () => {
  it('shows every problem of the dry run by line and column, and offers no Import', async () => {
    server.use(
      http.post('/api/instruments/import/check', () =>
        HttpResponse.json(
          {
            error: 'The file cannot be imported: 2 lines have problems',
            field: 'file',
            problems: [
              { line: 3, field: 'price', error: 'Required' },
              { line: 7, field: 'category', error: 'no such category' },
            ],
          },
          { status: 422 },
        ),
      ),
    )
    const { user } = renderTools()
    const dialog = await chooseFile(user)
    await waitFor(() =>
      expect(dialog.getByRole('status')).toHaveTextContent(
        'The file cannot be imported: 2 lines have problems',
      ),
    )
    const table = dialog.getByRole('table', { name: 'Problems in the file, by line' })
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))
    expect(rows).toEqual([
      ['Line', 'Column', 'Problem'],
      ['3', 'price', 'Required'],
      ['7', 'category', 'no such category'],
    ])
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled()
  })

  it('says what the file would do, then imports it and closes with a toast', async () => {
    const sent: { type: string | null; text: string; path: string }[] = []
    const answer =
      (created: number, ok: string) =>
      async ({ request }: { request: Request }) => {
        sent.push({
          type: request.headers.get('content-type'),
          text: await request.text(),
          path: new URL(request.url).pathname,
        })
        return HttpResponse.json({ ok, created, updated: 2, unchanged: 5 })
      }
    server.use(
      http.post(
        '/api/instruments/import/check',
        answer(1, 'Ready to import: 1 new, 2 updated, 5 unchanged'),
      ),
      http.post(
        '/api/instruments/import',
        answer(1, 'Catalogue imported: 1 new, 2 updated, 5 unchanged'),
      ),
    )
    const success = vi.spyOn(toast, 'success')
    const { user } = renderTools()
    const dialog = await chooseFile(user)
    await waitFor(() =>
      expect(dialog.getByRole('status')).toHaveTextContent('Ready: 1 new, 2 updated, 5 unchanged.'),
    )
    await user.click(dialog.getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(success).toHaveBeenCalledWith('Catalogue imported', {
      description: '1 new, 2 updated, 5 unchanged',
    })
    expect(sent).toEqual([
      { type: 'text/csv', text: 'id,name\n1,x\n', path: '/api/instruments/import/check' },
      { type: 'text/csv', text: 'id,name\n1,x\n', path: '/api/instruments/import' },
    ])
  })

  it('has nothing to import when the file matches the catalogue', async () => {
    server.use(
      http.post('/api/instruments/import/check', () =>
        HttpResponse.json({
          ok: 'Ready to import: 0 new, 0 updated, 9 unchanged',
          created: 0,
          updated: 0,
          unchanged: 9,
        }),
      ),
    )
    const { user } = renderTools()
    const dialog = await chooseFile(user)
    await waitFor(() =>
      expect(dialog.getByRole('status')).toHaveTextContent(
        'Nothing to change: the file matches the catalogue (9 unchanged).',
      ),
    )
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled()
  })
})

describe('the export buttons', () => {
  it.each([
    [<CatalogueCsv key="i" />, 'Export CSV', '/api/instruments/export.csv', 'instruments-'],
    [<SalesCsvExport key="s" />, 'Export sales CSV', '/api/sales/export.csv', 'sales-'],
  ])('download the file with the session token (%#)', async (ui, label, path, name) => {
    const seen: (string | null)[] = []
    server.use(
      http.get(path, ({ request }) => {
        seen.push(request.headers.get('authorization'))
        return new HttpResponse('id,name\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        })
      }),
    )
    const saved: string[] = []
    URL.createObjectURL = vi.fn(() => 'blob:csv')
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    const { user } = renderTools(ui)
    await user.click(screen.getByRole('button', { name: label }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toMatch(new RegExp(`^${name}\\d{4}-\\d\\d-\\d\\d\\.csv$`))
    expect(seen).toEqual(['Bearer admin-token'])
  })
})
