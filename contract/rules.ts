import { z } from 'zod'
import { MAX_ID, MAX_LENGTH } from './limits'

export { MAX_ID, MAX_LENGTH }

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/
export const PASSWORD_PATTERN = /^(?=\w*\d)(?=\w*[a-z])\w{8,}$/

// Tab, line feed and carriage return belong in a description; no other control character
// (NUL included, which PostgreSQL refuses) belongs in any text.
const LINE_CONTROL = /\p{Cc}/u
const BLOCK_CONTROL = /[^\P{Cc}\t\n\r]/u
export const CONTROL_MESSAGE = 'must not contain control characters'

/** Any text: at most `max` characters, no control characters (a line break only when multiline). */
export const text = (max: number, opts: { multiline?: boolean } = {}) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .refine((v) => !(opts.multiline ? BLOCK_CONTROL : LINE_CONTROL).test(v), CONTROL_MESSAGE)

export const required = (message = 'Required', max: number = MAX_LENGTH.name) =>
  text(max).trim().min(1, message)

export const emailField = (requiredMessage = 'Required') =>
  required(requiredMessage, MAX_LENGTH.email).regex(EMAIL_PATTERN, 'Invalid email address')
/** At most 128 characters: a longer one only makes the slow hash slower for everyone. */
export const passwordField = () =>
  required('Required', MAX_LENGTH.token)
    .max(MAX_LENGTH.password, 'Invalid Password')
    .regex(PASSWORD_PATTERN, 'Invalid Password')
// Characters that draw nothing: in a name shown beside reviews, 'admin\u200b' would pass for 'admin'.
export const INVISIBLE = /\p{Cf}|\p{Variation_Selector}|\u034F|[\u115F\u1160\u2800\u3164\uFFA0]/gu
export const userNameField = () =>
  text(MAX_LENGTH.name)
    .trim()
    .min(4, 'Required')
    .refine((v) => !v.match(INVISIBLE), 'must not contain invisible characters')
export const phoneField = () =>
  required('Input required', MAX_LENGTH.phone).refine(
    (v) => (v.match(/\d/g) ?? []).length >= 10,
    'should have 10 digits at least',
  )

// A number field. Forms read text, so a plain numeral such as "7" or "12.5" counts; anything
// else that is not a JSON number (an array, a boolean, "1e3", "0x10") is refused, never coerced.
export const numberField = (message = 'must be a number') =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z.number({ message }),
  )

export const idField = numberField().pipe(z.number().int().positive().max(MAX_ID))

export const messageResponse = z.object({ ok: z.string() })
export type MessageResponse = z.infer<typeof messageResponse>

export const errorResponse = z.object({ error: z.string(), field: z.string().optional() })
export type ErrorResponse = z.infer<typeof errorResponse>

export const idBody = z.object({ id: idField })
