// The entry stays tiny on purpose. index.html's boot shell (header and first banner) is the first
// paint; the app's code is requested only once that paint is on screen, so on a slow phone the
// shell does not wait for, nor share the line with, ~145 KB of JavaScript.
// In the build, the shop's stylesheet is linked from index.html's head, so it styles the shell too.
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
const shop = root

let started = false
const start = () => {
  if (started) return
  started = true
  import('./app').then(({ mountApp }) => mountApp(shop)).catch(showLoadFailure)
}

// A frame callback runs just before a paint; a task queued from it runs just after. A tab hidden
// before its first frame gets no frame callback, so a timer starts it too.
requestAnimationFrame(() => setTimeout(start))
setTimeout(start, 250)

/**
 * The app's code did not arrive (offline, or a new release replaced the files this page names),
 * or it failed to start.
 * The shell is only a picture, so say so in the words of the app's own error page and offer a
 * reload instead of leaving a page that never answers.
 */
function showLoadFailure(error: unknown) {
  console.error('The shop could not load its code', error)
  const page = document.createElement('main')
  page.innerHTML = `
    <section class="status-page" role="alert" aria-labelledby="load-error-title">
      <h1 id="load-error-title">Something went wrong</h1>
      <p>The shop could not be loaded. Check your connection and try again.</p>
      <div class="status-actions">
        <button type="button" class="button button-primary">Try again</button>
      </div>
    </section>`
  page.querySelector('button')?.addEventListener('click', () => location.reload())
  shop.querySelector('main')?.replaceWith(page)
}
