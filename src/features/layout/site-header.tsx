import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { LineIcon } from '../../components/line-icon'
import { useOverlay } from '../../components/use-overlay'
import { usePanelsStore } from '../../stores/panels'
import { AccountNav } from '../account/account-nav'
import { CartButton } from '../cart/cart-button'
import { FavouritesButton } from '../favourites/favourites-button'
import { SearchBox } from './search-box'

export function SiteHeader() {
  const menuOpen = usePanelsStore((s) => s.open === 'menu')
  const openPanel = usePanelsStore((s) => s.openPanel)
  const closePanel = usePanelsStore((s) => s.closePanel)
  const menuRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const close = () => {
    if (usePanelsStore.getState().open === 'menu') closePanel()
  }
  // docs/product.md §4: Escape and clicks outside close menus. Not a modal, so focus is not trapped.
  useOverlay({
    open: menuOpen,
    onClose: close,
    ref: menuRef,
    trapFocus: false,
    ignore: [toggleRef],
  })

  const href = useRouterState({ select: (s) => s.location.href })
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose
  useEffect(close, [href])

  return (
    <header className="site-header" data-top-bar>
      <nav className="nav-bar" aria-label="Main">
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle icon-button"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label="Menu"
          data-replay="menu"
          onClick={() => (menuOpen ? closePanel() : openPanel('menu'))}
        >
          <LineIcon d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} size={24} />
        </button>
        <Link to="/" className="logo" aria-label="Instrument Shop home">
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <circle cx="16" cy="16" r="15" fill="var(--accent)" />
            <path
              d="M13 22.5a3.5 3.5 0 1 1-2-3.2V8l10-2v12.5a3.5 3.5 0 1 1-2-3.2V9.6l-6 1.2z"
              fill="var(--brand)"
            />
          </svg>
          <span>Instrument Shop</span>
        </Link>
        <div id="site-menu" ref={menuRef} className="site-menu" data-open={menuOpen || undefined}>
          <Link
            to="/aboutUs"
            className="nav-link about-link"
            activeProps={{ 'aria-current': 'page' }}
          >
            About US
          </Link>
          <div className="account-slot">
            <AccountNav />
          </div>
        </div>
        <SearchBox />
        <div className="nav-actions">
          <FavouritesButton />
          <CartButton />
        </div>
      </nav>
    </header>
  )
}
