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

function Stacked() {
  const [outer, setOuter] = useState(true)
  const [inner, setInner] = useState(false)
  return (
    <>
      <p>Outside</p>
      <Dialog open={outer} onClose={() => setOuter(false)} title="Edit">
        <button type="button" onClick={() => setInner(true)}>
          Save
        </button>
        <Dialog open={inner} onClose={() => setInner(false)} title="Sure?" role="alertdialog">
          <button type="button">Yes</button>
        </Dialog>
      </Dialog>
    </>
  )
}

describe('stacked overlays', () => {
  it('Escape closes only the top-most one, then the one under it', async () => {
    const user = userEvent.setup()
    render(<Stacked />)
    const save = screen.getByRole('button', { name: 'Save' })
    await user.click(save)
    expect(screen.getByRole('alertdialog', { name: 'Sure?' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeInTheDocument()
    expect(save).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('a click outside closes only the top-most one', async () => {
    const user = userEvent.setup()
    render(<Stacked />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await user.click(screen.getByText('Outside'))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeInTheDocument()
  })

  it('keeps Tab inside the top-most one', async () => {
    const user = userEvent.setup()
    render(<Stacked />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const sure = screen.getByRole('alertdialog', { name: 'Sure?' })
    for (let i = 0; i < 4; i += 1) {
      await user.tab()
      expect(sure).toContainElement(document.activeElement as HTMLElement)
    }
  })
})
