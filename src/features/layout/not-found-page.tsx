import { Link } from '@tanstack/react-router'

export function NotFoundPage() {
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you're looking for doesn't exist.</p>
      <Link to="/" className="button button-primary">
        Go home
      </Link>
    </section>
  )
}
