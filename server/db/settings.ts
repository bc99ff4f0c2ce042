import { eq } from 'drizzle-orm'
import type { Database } from './client'
import { serverSettings } from './schema/cluster'

// The setting `name`, created with `initial()` when no process has created it yet. Whoever
// inserts first wins; every process then reads that same value.
export async function sharedSetting(
  db: Database,
  name: string,
  initial: () => string,
): Promise<string> {
  await db.insert(serverSettings).values({ name, value: initial() }).onConflictDoNothing()
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.name, name))
  if (!row) throw new Error(`The server setting ${name} was not stored`)
  return row.value
}
