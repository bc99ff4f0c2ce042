// Placeholder until the cart issue: the right-side cart overlay.
export function CartPanel() {
  return null
}
