import { act } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { hydrate, loadTapCatcher, resetTapCatcher, serverPage } from '../test/early-taps-kit'
import { takeOverPage } from './early-taps'

beforeAll(loadTapCatcher)
afterEach(resetTapCatcher)

function Counter({ onTap }: { onTap: () => void }) {
  const [count, setCount] = useState(0)
  return (
    <>
      <button
        type="button"
        data-replay="count"
        onClick={() => {
          onTap()
          setCount(count + 1)
        }}
      >
        Counted {count}
      </button>
      <a href="#elsewhere">Elsewhere</a>
    </>
  )
}

const start = () => act(() => takeOverPage())
const pressedLook = () => document.getElementById('early-taps-look')?.textContent
const button = () => document.querySelector('button') as HTMLButtonElement

describe('taps before the app runs', () => {
  it('keeps a tap on the server page, shows the control pressed and replays it once', async () => {
    const onTap = vi.fn()
    const root = serverPage(<Counter onTap={onTap} />)
    button().click()
    expect(pressedLook()).toContain('[data-replay="count"]')
    expect(window.earlyTaps).toHaveLength(1)

    await hydrate(root, <Counter onTap={onTap} />)
    expect(onTap).not.toHaveBeenCalled()
    await start()
    expect(onTap).toHaveBeenCalledTimes(1)
    expect(button()).toHaveTextContent('Counted 1')
    expect(pressedLook()).toBeUndefined()

    // Started twice (StrictMode runs effects twice): nothing is replayed again.
    await start()
    expect(onTap).toHaveBeenCalledTimes(1)
  })

  it('replays a tap made while React is hydrating once, never also to the app itself', async () => {
    const onTap = vi.fn()
    const root = serverPage(<Counter onTap={onTap} />)
    // React's listeners are on the root now, but the page has not been marked started.
    await hydrate(root, <Counter onTap={onTap} />)
    button().click()
    expect(onTap).not.toHaveBeenCalled()
    await start()
    expect(onTap).toHaveBeenCalledTimes(1)
  })

  it('replays each of several taps, in order', async () => {
    const onTap = vi.fn()
    const root = serverPage(<Counter onTap={onTap} />)
    button().click()
    button().click()
    await hydrate(root, <Counter onTap={onTap} />)
    await start()
    expect(onTap).toHaveBeenCalledTimes(2)
    expect(button()).toHaveTextContent('Counted 2')
  })

  it('finds a control that React has drawn anew by its data-replay name', async () => {
    const onTap = vi.fn()
    const root = serverPage(<Counter onTap={onTap} />)
    // The server's copy of the control, tapped, then replaced (as the header's account items are).
    const early = document.createElement('button')
    early.dataset.replay = 'count'
    document.body.append(early)
    early.click()
    early.remove()
    await hydrate(root, <Counter onTap={onTap} />)
    await start()
    expect(onTap).toHaveBeenCalledTimes(1)
  })

  it('lets links work as links and leaves taps to the app once it has started', async () => {
    const onTap = vi.fn()
    const root = serverPage(<Counter onTap={onTap} />)
    const link = document.querySelector('a') as HTMLAnchorElement
    const linkClick = new MouseEvent('click', { bubbles: true, cancelable: true })
    link.dispatchEvent(linkClick)
    expect(linkClick.defaultPrevented).toBe(false)
    expect(window.earlyTaps).toHaveLength(0)

    await hydrate(root, <Counter onTap={onTap} />)
    await start()
    button().click()
    expect(onTap).toHaveBeenCalledTimes(1)
    expect(window.earlyTaps).toHaveLength(0)
  })
})
