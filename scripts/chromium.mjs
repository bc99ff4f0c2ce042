// The Chromium the shop is tested and measured with: Debian's, when it is installed (CI installs
// it), with the flags this sandboxed machine needs; otherwise Playwright's own, for people who
// have it installed.
import { existsSync } from 'node:fs'

const SYSTEM_CHROMIUM = '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Undefined where Debian's is not installed: chrome-launcher then finds one of its own. */
export const CHROMIUM_PATH = existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined

/** Playwright's `launchOptions`: empty for Playwright's own browser. */
export const chromiumLaunchOptions = CHROMIUM_PATH
  ? { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }
  : {}
