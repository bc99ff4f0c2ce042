export const CHROMIUM_FLAGS: string[]
export const CHROMIUM_PATH: string | undefined
export const chromiumLaunchOptions: { executablePath?: string; args?: string[] }
