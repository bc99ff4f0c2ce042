import { apiFile } from './http'

/** Fetches an API file with the session's token and saves it as a download of the browser's. */
export async function downloadApiFile(path: string, fileName: string) {
  const file = await apiFile(path)
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** A download's name with the day it was made: `instruments-2026-11-25.csv`. */
export const nameOfTheDay = (stem: string, extension: string) =>
  `${stem}-${new Date().toISOString().slice(0, 10)}.${extension}`
