import { LoginForm } from './login-form'
import './account.css'

export function LoginPage() {
  return (
    <section className="account-page account-page-narrow">
      <h1>Sign In</h1>
      <LoginForm />
    </section>
  )
}
