import type { Env } from '../env'

export interface StoredPhoto {
  body: Uint8Array
  contentType: string
}

/** Where photos live: a folder, memory, or S3-compatible object storage shared by processes. */
export interface PhotoStore {
  readonly kind: 'folder' | 'memory' | 's3'
  put(name: string, photo: StoredPhoto): Promise<void>
  get(name: string): Promise<StoredPhoto | undefined>
  /** Every stored variant, with when it was last written (a photo uploaded again is new). */
  list(): Promise<{ name: string; storedAt: Date }[]>
  /** Deletes the variants; a name already gone is no error (another process deleted it). */
  remove(names: string[]): Promise<void>
}

export type PhotoStoreSettings = Pick<
  Env,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>
