import { Link } from '@tanstack/react-router'

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
