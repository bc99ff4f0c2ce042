import { LoginForm } from './login-form'
import './account.css'

/** /login: the same form as the 'Sign In' panel, as a page. */
export function LoginPage() {
  return (
    <section className="account-page account-page-narrow">
      <h1>Sign In</h1>
      <LoginForm />
    </section>
  )
}
