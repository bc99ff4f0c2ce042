import { closeSync, fchmodSync, mkdirSync, mkdtempSync, openSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const GENERATED_PASSWORDS_FILE = 'generated-passwords.txt'

// A password the shop made up for an account is shown to whoever owns the machine, never to
// whoever reads the log (log collectors, shared terminals, CI output): it is written once to a
// file only the owner can read, and the log says where. In DATA_DIR beside the database, or in
// a new temporary folder when the database is in memory (memory://).
let memoryFolder: string | undefined

// One folder a process: the admin's and the demo shoppers' passwords land in the same file.
function memoryFolderOfThisProcess(): string {
  memoryFolder ??= mkdtempSync(join(tmpdir(), 'instrument-shop-'))
  return memoryFolder
}

export function recordGeneratedPassword(
  dataDir: string,
  accounts: string,
  password: string,
): string {
  const dir = dataDir.startsWith('memory://') ? memoryFolderOfThisProcess() : resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, GENERATED_PASSWORDS_FILE)
  const fd = openSync(file, 'a', 0o600)
  try {
    // An existing file keeps its mode on open: make it the owner's alone before writing.
    fchmodSync(fd, 0o600)
    writeSync(fd, `${new Date().toISOString()} ${accounts}: ${password}\n`)
  } finally {
    closeSync(fd)
  }
  return file
}
