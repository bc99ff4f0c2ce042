// The one toast entry point: screens call `notify`, never sonner directly, so the look and the
// spec's placement (top-right, 3000 ms, at most 20) live in one place (<Toaster> in the root).
export { toast as notify } from 'sonner'
