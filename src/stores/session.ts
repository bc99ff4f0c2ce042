import { decodeJwt } from 'jose'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { Role } from '../../contract/auth'

export interface Session {
  token: string
  userName: string
  [extra: string]: unknown
}

interface SessionState {
  session: Session | null
  signIn: (session: Session) => void
  signOut: () => void
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      session: null,
      signIn: (session) => set({ session }),
      signOut: () => set({ session: null }),
    }),
    {
      name: 'dataUser',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ session: state.session }),
      // A corrupted or expired token must load the shop logged out, not crash it.
      merge: (persisted, current) => {
        const session = (persisted as { session?: unknown } | undefined)?.session
        return { ...current, session: isLiveSession(session) ? session : null }
      },
    },
  ),
)

interface TokenClaims {
  role: Role
  userId: number
  expiresAt: number
  /** When the server issued it (ms; 0 when unknown): some steps need a recent sign-in. */
  issuedAt: number
}

/** Reads the token's claims without trusting them: the server checks the signature. */
export function readToken(token: string): TokenClaims | null {
  try {
    const claims = decodeJwt(token)
    const role = claims.user_rol
    if (role !== 'admin' && role !== 'user' && role !== 'banned') return null
    if (typeof claims.exp !== 'number') return null
    const issuedAt = typeof claims.iat === 'number' ? claims.iat * 1000 : 0
    return { role, userId: Number(claims.sub), expiresAt: claims.exp * 1000, issuedAt }
  } catch {
    return null
  }
}

function isLiveSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false
  const { token, userName } = value as Partial<Session>
  if (typeof token !== 'string' || typeof userName !== 'string') return false
  const claims = readToken(token)
  return claims !== null && claims.expiresAt > Date.now()
}

export function currentRole(): Role | null {
  const { session } = useSessionStore.getState()
  return isLiveSession(session) ? (readToken(session.token)?.role ?? null) : null
}

export const useSession = () =>
  useSessionStore((s) => (isLiveSession(s.session) ? s.session : null))

// setTimeout fires at once past 2^31 - 1 ms (24.8 days): wait that long, then look again.
const LONGEST_TIMEOUT = 2_147_483_647
let expiryTimer: ReturnType<typeof setTimeout> | undefined

/** Signs out when the token's exp passes while the tab is open, so no screen says 'Welcome' to a dead session. */
function signOutAtExpiry(session: Session | null) {
  clearTimeout(expiryTimer)
  const claims = session && readToken(session.token)
  if (!claims) return
  const wait = Math.min(Math.max(claims.expiresAt - Date.now(), 0), LONGEST_TIMEOUT)
  expiryTimer = setTimeout(() => {
    const { session: now, signOut } = useSessionStore.getState()
    if (now !== session) return
    if (isLiveSession(now)) signOutAtExpiry(now)
    else signOut()
  }, wait)
}

signOutAtExpiry(useSessionStore.getState().session)
useSessionStore.subscribe((state, previous) => {
  if (state.session !== previous.session) signOutAtExpiry(state.session)
})
