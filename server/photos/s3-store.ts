import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { PHOTO_NAME } from '../../contract/photos'
import type { PhotoStore, PhotoStoreSettings } from './photo-store'

// S3 deletes at most 1,000 objects a request.
const DELETE_BATCH = 1000

/**
 * S3-compatible object storage (AWS S3, MinIO, R2, Ceph…), so that several processes serve the
 * same photos. startup-checks.ts refuses a bucket without its endpoint and keys before this runs.
 */
export function s3PhotoStore(env: PhotoStoreSettings): PhotoStore {
  const bucket = env.S3_BUCKET as string
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    // Bucket in the path, not the host name: what every S3-compatible server understands.
    forcePathStyle: true,
    credentials: {
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    },
    // The SDK's default CRC32 trailers are newer than many S3-compatible servers; the photo's
    // name is its content hash already.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  })
  return {
    kind: 's3',
    async put(name, photo) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: name,
          Body: photo.body,
          ContentType: photo.contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      )
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }))
        if (!answer.Body) return undefined
        return {
          body: await answer.Body.transformToByteArray(),
          contentType: answer.ContentType ?? 'application/octet-stream',
        }
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return undefined
        }
        throw error
      }
    },
    async list() {
      const found: { name: string; storedAt: Date }[] = []
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        )
        for (const object of page.Contents ?? []) {
          if (object.Key && PHOTO_NAME.test(object.Key) && object.LastModified) {
            found.push({ name: object.Key, storedAt: object.LastModified })
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return found
    },
    async remove(names) {
      for (let i = 0; i < names.length; i += DELETE_BATCH) {
        const batch = names.slice(i, i + DELETE_BATCH)
        await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        )
      }
    },
  }
}
