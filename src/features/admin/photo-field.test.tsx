import { File as NodeFile } from 'node:buffer'
import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../query-client'
import { server } from '../../test/server'
import { PhotoField } from './photo-field'

const IMG = `/api/photos/${'c'.repeat(32)}-1280.webp`

function renderField() {
  const onUploaded = vi.fn()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PhotoField onUploaded={onUploaded} />
    </QueryClientProvider>,
  )
  return { onUploaded, user: userEvent.setup() }
}

function answerUploads(answer: () => Response) {
  const sent: { type: string | null; size: number }[] = []
  server.use(
    http.post('/api/photos', async ({ request }) => {
      sent.push({
        type: request.headers.get('content-type'),
        size: (await request.arrayBuffer()).byteLength,
      })
      return answer()
    }),
  )
  return sent
}

const uploaded = () => HttpResponse.json({ ok: 'Photo uploaded', img: IMG }, { status: 201 })
// Node's File: jsdom's has no bytes for fetch to send.
const photo = (bytes = 2048, name = 'strat.jpg') =>
  new NodeFile([new Uint8Array(bytes)], name, { type: 'image/jpeg' }) as unknown as File
const fileInput = () => screen.getByTestId('photo-file') as HTMLInputElement

describe('PhotoField', () => {
  it('uploads a chosen photo as bytes and hands its URL to the form, with a preview', async () => {
    const sent = answerUploads(uploaded)
    const { onUploaded, user } = renderField()
    await user.upload(fileInput(), photo())
    // The first call loads the HTTP client.
    await screen.findByText(/^Photo uploaded/, {}, { timeout: 10_000 })
    expect(onUploaded).toHaveBeenCalledWith(IMG)
    // The server decides what the file is: the browser's guess from the name is not sent.
    expect(sent).toEqual([{ type: 'application/octet-stream', size: 2048 }])
    const preview = document.querySelector('picture source[type="image/avif"]')
    expect(preview?.getAttribute('srcset')).toContain('-160.avif 160w')
  })

  it('opens the file chooser from the keyboard', async () => {
    const { user } = renderField()
    const choose = vi.spyOn(fileInput(), 'click').mockImplementation(() => {})
    await user.tab()
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(choose).toHaveBeenCalledOnce()
  })

  it('takes a photo dropped on it', async () => {
    const sent = answerUploads(uploaded)
    const { onUploaded } = renderField()
    const zone = screen.getByRole('group', { name: 'or upload a photo' })
    fireEvent.dragOver(zone, { dataTransfer: { files: [photo(100)] } })
    fireEvent.drop(zone, { dataTransfer: { files: [photo(100)] } })
    expect(await screen.findByRole('status')).toHaveTextContent('Photo uploaded')
    expect(onUploaded).toHaveBeenCalledWith(IMG)
    expect(sent).toHaveLength(1)
  })

  it('refuses a file over 10 MB without sending it', async () => {
    const sent = answerUploads(uploaded)
    const { onUploaded, user } = renderField()
    await user.upload(fileInput(), photo(10 * 1024 * 1024 + 1))
    expect(await screen.findByRole('alert')).toHaveTextContent('The photo is larger than 10 MB')
    expect(sent).toEqual([])
    expect(onUploaded).not.toHaveBeenCalled()
  })

  it("shows the server's reason under the field, announced with it", async () => {
    answerUploads(() =>
      HttpResponse.json(
        {
          error: 'photo: the file is a PDF document, not a JPEG, PNG, WebP or AVIF photo',
          field: 'photo',
        },
        { status: 415 },
      ),
    )
    const { onUploaded, user } = renderField()
    await user.upload(fileInput(), photo(500, 'invoice.jpg'))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('the file is a PDF document')
    const zone = screen.getByRole('group', { name: 'or upload a photo' })
    expect(zone.getAttribute('aria-describedby')).toContain(alert.id)
    expect(onUploaded).not.toHaveBeenCalled()
  })
})
