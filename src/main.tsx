// The entry stays tiny on purpose. index.html's boot shell (header and first banner) is the first
// paint; the app's code is requested only once that paint is on screen, so on a slow phone the
// shell does not wait for, nor share the line with, ~145 KB of JavaScript.
// The shop's stylesheet is linked from index.html's head, so it styles the boot shell too.
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

const start = () => void import('./app').then(({ mountApp }) => mountApp(root))

// A frame callback runs just before a paint; a task queued from it runs just after. A hidden tab
// paints nothing, so it starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start))
else start()
