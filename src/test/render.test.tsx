import { screen } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { api } from '../api/http'
import { renderApp } from './render'
import { server } from './server'

describe('the test harness', () => {
  it('renders the not-found page for an unknown route', async () => {
    await renderApp('/no/such/page')
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
  })

  it('lets the one HTTP client talk to MSW and turns errors into ApiError', async () => {
    server.use(
      http.get('/api/instruments/1', () => HttpResponse.json({ error: 'nope' }, { status: 400 })),
    )
    await expect(api('get', 'instruments/1')).rejects.toMatchObject({
      message: 'nope',
      status: 400,
    })
  })
})
