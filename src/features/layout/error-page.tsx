import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  useEffect(() => queryReset.reset(), [queryReset])

  return (
    <section className="status-page" role="alert" aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p>
        {error instanceof Error && error.message ? error.message : 'The page could not be loaded.'}
      </p>
      <div className="status-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          Try again
        </button>
        <Link to="/" className="button">
          Go home
        </Link>
      </div>
    </section>
  )
}
