import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google'

/** Google's own button; a separate chunk because it loads Google's script. */
export default function GoogleButton({
  clientId,
  onCredential,
  onError,
  onUnreachable,
}: {
  clientId: string
  onCredential: (credential: string) => void
  onError: () => void
  onUnreachable: () => void
}) {
  return (
    <GoogleOAuthProvider clientId={clientId} onScriptLoadError={onUnreachable}>
      <div className="account-google">
        <GoogleLogin
          onSuccess={({ credential }) => (credential ? onCredential(credential) : onError())}
          onError={onError}
          text="signin_with"
          width="280"
        />
      </div>
    </GoogleOAuthProvider>
  )
}
