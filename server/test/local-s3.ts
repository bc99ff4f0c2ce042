import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

/**
 * An S3-compatible server in this process, on 127.0.0.1 and a free port, its objects in a
 * temporary folder: the S3 path is tested without the internet.
 */
export async function startLocalS3(bucket = 'shop-photos') {
  const directory = await mkdtemp(join(tmpdir(), 'shop-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    // s3rver's fixed credentials.
    settings: {
      DATA_DIR: 'memory://',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
