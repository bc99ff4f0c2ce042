import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { startRenderThreads } from './render-threads'

// A stand-in for the built renderer (dist-server/entry-server.js): it asks the API as the real
// one does, through the fetch it is given, and writes what it was answered into the page.
const FAKE_RENDERER = `
let fetchApi
export function answerApiCallsWith(f) { fetchApi = f }
export async function renderPage(url, origin) {
  if (url === '/broken') throw new Error('the API is down')
  if (url === '/crash') process.exit(3)
  const res = await fetchApi(origin + '/api/echo' + url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' },
    body: JSON.stringify({ url }),
  })
  const text = await res.text()
  return { kind: 'page', status: res.status, head: '', body: text, state: '', routes: ['/'] }
}
`

function fakeEntry() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-render-'))
  const entry = join(dir, 'entry-server.js')
  writeFileSync(entry, FAKE_RENDERER)
  return entry
}

const echo = async (request: Request) =>
  Response.json(
    {
      method: request.method,
      url: request.url,
      auth: request.headers.get('Authorization'),
      body: await request.json(),
    },
    { status: 201 },
  )

describe('render threads', () => {
  it("render in another thread, their API calls answered by this one's API", async () => {
    const threads = startRenderThreads(fakeEntry(), 2, echo)
    const pages = await Promise.all(
      ['/', '/instruments/7', '/aboutUs'].map((path) => threads.renderPage(path, 'http://shop')),
    )
    expect(pages.map((page) => page && page.kind === 'page' && JSON.parse(page.body))).toEqual(
      ['/', '/instruments/7', '/aboutUs'].map((path) => ({
        method: 'POST',
        url: `http://shop/api/echo${path}`,
        auth: 'Bearer t',
        body: { url: path },
      })),
    )
    expect(pages[0]).toMatchObject({ kind: 'page', status: 201 })
  })

  it("pass a render's failure on, and keep rendering after a thread stops", async () => {
    const threads = startRenderThreads(fakeEntry(), 1, echo)
    await expect(threads.renderPage('/broken', 'http://shop')).rejects.toThrow('the API is down')
    await expect(threads.renderPage('/crash', 'http://shop')).rejects.toThrow('stopped')
    await expect(threads.renderPage('/', 'http://shop')).resolves.toMatchObject({ status: 201 })
  })

  it('refuse to render, not wait forever, when the renderer cannot load', async () => {
    const threads = startRenderThreads(join(tmpdir(), 'no-such-entry.js'), 1, echo)
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(threads.renderPage('/', 'http://shop')).rejects.toThrow()
    await expect(threads.renderPage('/', 'http://shop')).rejects.toThrow('No render thread')
    error.mockRestore()
  })
})
