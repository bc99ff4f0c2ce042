import type { z } from 'zod'

/** The body checked by the same contract schema as the server's, or the server's 400 answer. */
export async function parse<T extends z.ZodType>(schema: T, request: Request) {
  const parsed = schema.safeParse(await request.json().catch(() => undefined))
  if (parsed.success) return { data: parsed.data as z.output<T> }
  const issue = parsed.error.issues[0]
  const field = issue?.path.join('.') || 'body'
  return { error: { error: `${field}: ${issue?.message ?? 'invalid'}`, field } }
}
