import { Link } from '@tanstack/react-router'
import { useHydrated } from '../../lib/use-hydrated'
import { usePanelsStore } from '../../stores/panels'
import { useSession } from '../../stores/session'
import { useLogOut } from './use-log-out'
import './account-nav.css'

// The navigation bar's account items (docs/product.md §2); on a small screen they stack in the
// menu (account-nav.css), which the frame closes on navigation.
export function AccountNav() {
  const session = useSession()
  const hydrated = useHydrated()
  const className = 'account-nav'
  // The server knows no session: its page carries both sets, and index.html's first script marks
  // <html data-session> from the stored one, so the right set shows from the first paint.
  if (!hydrated) {
    return (
      <div className={className}>
        <span className="when-signed-out">
          <SignedOut />
        </span>
        <span className="when-signed-in">
          <SignedIn userName={null} />
        </span>
      </div>
    )
  }
  return (
    <div className={className}>
      {session ? <SignedIn userName={session.userName} /> : <SignedOut />}
    </div>
  )
}

function SignedOut() {
  const openPanel = usePanelsStore((s) => s.openPanel)
  return (
    <>
      <button
        type="button"
        className="account-nav-item"
        data-replay="sign-in"
        onClick={() => openPanel('login')}
      >
        Sign In
      </button>
      <Link to="/signup" className="account-nav-item">
        Sign Up
      </Link>
    </>
  )
}

function SignedIn({ userName }: { userName: string | null }) {
  const logOut = useLogOut()
  return (
    <>
      <Link to="/user/Profile" className="account-nav-item">
        Profile
      </Link>
      <button
        type="button"
        className="account-nav-item"
        data-replay="log-out"
        onClick={() => void logOut()}
      >
        Log out
      </button>
      <span className="account-nav-welcome">
        Welcome <strong className={userName ? undefined : 'stored-name'}>{userName}</strong>
      </span>
    </>
  )
}
