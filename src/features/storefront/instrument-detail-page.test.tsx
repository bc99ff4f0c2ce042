import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeDetail } from '../../test/catalog-data'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

describe('instrument detail', () => {
  it('shows the instrument, its price per unit and its reviews', async () => {
    server.use(
      http.get('/api/instruments/7', () =>
        HttpResponse.json(
          makeDetail(7, {
            name: 'Jazz Bass',
            brand: 'Fender',
            price: 1450,
            stock: 3,
            status: 'Used',
            description: 'A four-string bass with a slim neck.',
            raiting: 4.5,
            raitingCount: 2,
            Raitings: [
              {
                id: 1,
                userName: 'ana',
                createdAt: '2024-05-02T10:11:12.000Z',
                star: 5,
                comment: 'Great tone',
              },
              {
                id: 2,
                userName: 'leo',
                createdAt: '2024-04-01T08:00:00.000Z',
                star: 4,
                comment: 'Solid',
              },
            ],
          }),
        ),
      ),
    )
    await renderApp('/instruments/7')
    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz Bass' })).toBeInTheDocument()
    expect(screen.getByText('Fender')).toBeInTheDocument()
    expect(screen.getByText('A four-string bass with a slim neck.')).toBeInTheDocument()
    expect(screen.getByText('$1,450').parentElement).toHaveTextContent('$1,450/each one')
    expect(screen.getByText('(2 reviews)', { exact: false })).toBeInTheDocument()
    expect(screen.getByText('Used')).toBeInTheDocument()
    expect(screen.getByText('3')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Add to cart: .*Jazz Bass$/ })).toBeInTheDocument()

    const reviews = within(screen.getByRole('region', { name: 'Reviews' })).getAllByRole('listitem')
    expect(reviews).toHaveLength(2)
    expect(reviews[0]).toHaveTextContent('ana')
    expect(reviews[0]).toHaveTextContent('2024-05-02')
    expect(reviews[0]).not.toHaveTextContent('10:11')
    expect(reviews[0]).toHaveTextContent('5/5')
    expect(reviews[0]).toHaveTextContent('Great tone')
    expect(reviews[1]).toHaveTextContent('4/5')
  })

  it("says 'No rating' and 'This instrument has not been rated' without reviews", async () => {
    server.use(http.get('/api/instruments/8', () => HttpResponse.json(makeDetail(8))))
    await renderApp('/instruments/8')
    expect(await screen.findByText('No rating')).toBeInTheDocument()
    expect(screen.getByText('This instrument has not been rated')).toBeInTheDocument()
  })

  it('keeps the quantity between 1 and the stock', async () => {
    server.use(http.get('/api/instruments/9', () => HttpResponse.json(makeDetail(9, { stock: 2 }))))
    const { user } = await renderApp('/instruments/9')
    const more = await screen.findByRole('button', { name: 'Increase quantity' })
    const quantity = screen.getByLabelText('Quantity')
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled()
    await user.click(more)
    expect(quantity).toHaveValue(2)
    expect(more).toBeDisabled()
  })

  it('shows the not-found page when the API answers 404 (unknown or banned)', async () => {
    server.use(
      http.get('/api/instruments/404', () =>
        HttpResponse.json({ error: 'Instrument not found' }, { status: 404 }),
      ),
    )
    await renderApp('/instruments/404')
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeInTheDocument()
  })

  it('shows the not-found page for an id that is not a number, without asking the API', async () => {
    await renderApp('/instruments/abc')
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
  })

  it('shows the not-found page for an id above the largest PostgreSQL integer', async () => {
    await renderApp('/instruments/2147483648')
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
  })
})

describe('not found', () => {
  it('answers every unknown route with Page not found and Go home', async () => {
    await renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go home' })).toBeInTheDocument()
    // The frame stays around it.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })
})
