import { Link } from '@tanstack/react-router'

/** A banner's call to action: the grid filtered to the banner's category, scrolled into view. */
export function ShopNowLink({ category }: { category: string }) {
  return (
    <Link
      to="/"
      search={{ category }}
      hash="catalogue-title"
      className="banner-cta"
      aria-label={`Shop now: ${category}`}
    >
      Shop now
    </Link>
  )
}
