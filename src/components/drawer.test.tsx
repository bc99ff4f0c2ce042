import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Dialog } from './dialog'
import { Drawer } from './drawer'

function Harness({ kind }: { kind: 'drawer' | 'dialog' }) {
  const [open, setOpen] = useState(false)
  const Overlay = kind === 'drawer' ? Drawer : Dialog
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <p>Outside</p>
      <Overlay open={open} onClose={() => setOpen(false)} title="Filters">
        <button type="button">First</button>
        <button type="button">Last</button>
      </Overlay>
    </>
  )
}

describe.each(['drawer', 'dialog'] as const)('%s', (kind) => {
  it('is a labelled modal dialog that takes focus and keeps Tab inside', async () => {
    const user = userEvent.setup()
    render(<Harness kind={kind} />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    const dialog = screen.getByRole('dialog', { name: 'Filters' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus()
  })

  it('closes on Escape and gives focus back to what opened it', async () => {
    const user = userEvent.setup()
    render(<Harness kind={kind} />)
    const opener = screen.getByRole('button', { name: 'Open' })
    await user.click(opener)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('closes on a click outside it and with its close button', async () => {
    const user = userEvent.setup()
    render(<Harness kind={kind} />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    await user.click(screen.getByText('Outside'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Open' }))
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
