import { z } from 'zod'

/** Spec 5's field rules with its messages, shared by the forms and the server. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i
/** "At least 8 word characters containing at least one digit and one lowercase letter." */
export const PASSWORD_PATTERN = /^(?=\w*\d)(?=\w*[a-z])\w{8,}$/

export const required = (message = 'Required') => z.string().trim().min(1, message)

export const emailField = (requiredMessage = 'Required') =>
  required(requiredMessage).regex(EMAIL_PATTERN, 'Invalid email address')

/** At most 128 characters: a longer one only makes the slow hash slower for everyone. */
export const passwordField = () =>
  required().max(128, 'Invalid Password').regex(PASSWORD_PATTERN, 'Invalid Password')

export const userNameField = () => z.string().trim().min(4, 'Required')

/** "At least 10 digits": spaces, dashes and a leading + are allowed around them. */
export const phoneField = () =>
  required('Input required').refine(
    (v) => (v.match(/\d/g) ?? []).length >= 10,
    'should have 10 digits at least',
  )

/** PostgreSQL's integer: a larger id can match no row and would make the query itself fail. */
export const MAX_ID = 2_147_483_647

/** Ids in paths and bodies are positive integers; "7" from a form counts. */
export const idField = z.coerce.number().int().positive().max(MAX_ID)

export const messageResponse = z.object({ ok: z.string() })
export type MessageResponse = z.infer<typeof messageResponse>

export const errorResponse = z.object({ error: z.string(), field: z.string().optional() })
export type ErrorResponse = z.infer<typeof errorResponse>

export const idBody = z.object({ id: idField })
