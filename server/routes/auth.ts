import { Hono } from 'hono'
import { googleLoginBody, loginBody, sessionResponse, signUpBody } from '../../contract/auth'
import {
  assertAvailable,
  failIfTaken,
  findByUserName,
  googleAccount,
  hashPassword,
  issueToken,
  passwordMatches,
  queueConfirmationMail,
} from '../accounts'
import type { AppEnv } from '../context'
import { accounts } from '../db/schema/accounts'
import { fail } from '../http-error'
import { endSession } from '../middleware/auth'
import { knownDevice, rememberDevice } from '../middleware/device-cookie'
import {
  clientKey,
  limitPerAddress,
  mailboxKey,
  refuseWhileThrottled,
  takeAttempts,
} from '../middleware/rate-limit'
import { validate } from '../middleware/validate'
import { describeOperation, ok, tooMany } from '../openapi/describe-operation'
import type { ThrottleRuleName } from '../throttles/throttle-rules'
import { emailVerificationRoutes } from './email-verification'

export const authRoutes = new Hono<AppEnv>()

authRoutes.route('/verify-email', emailVerificationRoutes)

const aboutLogin = describeOperation({
  summary: 'Log in with userName and password; the answer is the session',
  responses: { 200: sessionResponse, 401: 'Wrong userName or password', ...tooMany },
})

// A banned token (user_rol 'banned') lets the SPA show 'You were banned!'; requireAuth refuses it.
// A stranger's failures count per address and per name before the password check; an account's
// under its stored name, so each spelling lower() matches ('LUCİA.M') shares one counter. A
// browser with the account's device cookie counts on its own streak instead, so strangers
// filling the name's counter never shut the owner out (docs/limits.md).
authRoutes.post('/login', aboutLogin, validate(loginBody), async (c) => {
  const { userName, password } = c.req.valid('json')
  const { db, tokens, throttle } = c.get('deps')
  const account = await findByUserName(db, userName)
  const device = account && knownDevice(c, account)
  const streak: [ThrottleRuleName, string] = device
    ? ['login-device', `${account.id}:${device}`]
    : ['login-account', account?.userName ?? userName]
  const address = clientKey(c)
  // The device can only try its own account: the address's limit is for strangers guessing many.
  if (!device) await refuseWhileThrottled(c, [['login-address', address]])
  await takeAttempts(c, [streak])
  if (!(await passwordMatches(account, password)) || !account) {
    if (!device) await throttle.hit('login-address', address)
    fail(401, 'Wrong userName or password')
  }
  await throttle.clear(...streak)
  const token = await issueToken(tokens, account)
  rememberDevice(c, account)
  return c.json({
    ok: 'Logged in successfully',
    token,
    userName: account.userName,
    emailVerified: account.emailVerifiedAt !== null,
  })
})

const aboutLogout = describeOperation({
  summary: "End this bearer token's session on the server; the person's other sessions go on",
  auth: 'user',
  responses: { 200: ok },
})

authRoutes.post('/logout', aboutLogout, async (c) => {
  if (!(await endSession(c))) fail(401, 'You need to log in')
  return c.json({ ok: 'Logged out' })
})

const aboutGoogleLogin = describeOperation({
  summary: 'Log in with a Google ID token; name and e-mail come from the verified token',
  responses: {
    200: sessionResponse,
    401: 'Google could not confirm this sign-in',
    409: 'The e-mail belongs to another Google account or to an administrator',
    503: 'Google sign-in is not configured',
    ...tooMany,
  },
})

/** docs/architecture.md: the name and e-mail come from the verified Google ID token, not the body. */
authRoutes.post(
  '/login/google',
  aboutGoogleLogin,
  limitPerAddress('login-address'),
  validate(googleLoginBody),
  async (c) => {
    const { db, google, tokens } = c.get('deps')
    if (!google.configured) fail(503, 'Google sign-in is not configured')
    const identity = await google
      .verify(c.req.valid('json').credential)
      .catch(() => fail(401, 'Google could not confirm this sign-in'))
    const account = await db.transaction((tx) => googleAccount(tx, identity)).catch(failIfTaken)
    const token = await issueToken(tokens, account)
    rememberDevice(c, account)
    return c.json({
      ok: 'Logged in successfully',
      token,
      userName: account.userName,
      email: account.email,
      emailVerified: account.emailVerifiedAt !== null,
    })
  },
)

const aboutSignUp = describeOperation({
  summary: 'Sign up a shopper (always the user role)',
  responses: { 200: ok, ...tooMany },
})

// Sign-up always makes a 'user', whatever the body claims. A taken name or address is refused
// before the slow hash so sign-ups cannot tie up the CPU; racing ones meet the unique indexes.
authRoutes.post(
  '/register',
  aboutSignUp,
  limitPerAddress('register-address'),
  validate(signUpBody),
  async (c) => {
    const { userName, email, password } = c.req.valid('json')
    const { db, env } = c.get('deps')
    await assertAvailable(db, { userName, email })
    await takeAttempts(c, [['mail-recipient', mailboxKey(email)]])
    const passwordHash = await hashPassword(password)
    await db
      .transaction(async (tx) => {
        const [created] = await tx
          .insert(accounts)
          .values({ kind: 'user', rol: 'user', userName, email, passwordHash })
          .returning()
        if (!created) throw new Error('account not created')
        await queueConfirmationMail(tx, env, created, { welcome: true })
      })
      .catch(failIfTaken)
    return c.json({ ok: 'User created successfully' })
  },
)
