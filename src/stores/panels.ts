import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

type Panel = 'login' | 'cart' | 'favourites' | 'filters' | 'menu'

interface PanelsState {
  open: Panel | null
  openPanel: (panel: Panel) => void
  closePanel: () => void
}

interface StoredPanel {
  open: Panel | null
  path?: string
}

const framePanels: Panel[] = ['login', 'cart', 'favourites']

const loginPages = ['/login', '/signup']

// A panel comes back only when the shopper reloads the page it was open over; a typed address,
// a link or back/forward starts with every panel closed.
export function restorablePanel(stored: StoredPanel, path: string, reloaded: boolean) {
  if (!reloaded || stored.path !== path) return null
  if (stored.open === 'login' && loginPages.includes(path)) return null
  return stored.open
}

const pageWasReloaded = () =>
  (performance.getEntriesByType?.('navigation') ?? []).some(
    (entry) => (entry as PerformanceNavigationTiming).type === 'reload',
  )

/** Which overlay is open: one at a time, so opening the cart closes the login panel. */
export const usePanelsStore = create<PanelsState>()(
  persist(
    (set) => ({
      open: null,
      openPanel: (panel) => set({ open: panel }),
      closePanel: () => set({ open: null }),
    }),
    {
      name: 'panels',
      version: 2,
      storage: createJSONStorage(() => sessionStorage),
      // The frame's panels only: the menu and the filters belong to the page the server sends.
      partialize: ({ open }): StoredPanel => ({
        open: open && framePanels.includes(open) ? open : null,
        path: window.location.pathname,
      }),
      merge: (stored, current) => ({
        ...current,
        open: restorablePanel(stored as StoredPanel, window.location.pathname, pageWasReloaded()),
      }),
      migrate: () => ({ open: null }),
    },
  ),
)
