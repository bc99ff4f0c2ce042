import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

type Panel = 'login' | 'cart' | 'favourites' | 'filters' | 'menu'

interface PanelsState {
  open: Panel | null
  openPanel: (panel: Panel) => void
  closePanel: () => void
}

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
      version: 1,
      // Session storage: a reload keeps an open panel, a new tab starts with none.
      storage: createJSONStorage(() => sessionStorage),
    },
  ),
)
