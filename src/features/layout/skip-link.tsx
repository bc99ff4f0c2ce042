/** The first tab stop: jumps over the navigation bar straight to the page's content. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
    </a>
  )
}
