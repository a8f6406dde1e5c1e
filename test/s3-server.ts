import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { S3StorageAdapter, type S3StorageOptions } from '../src/platform/storage/s3.adapter.js';

/** s3rver's built-in account: the only credentials it accepts. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  adapter(overrides?: Partial<S3StorageOptions>): S3StorageAdapter;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server on loopback (s3rver checks SigV4 signatures, presigned expiry included) with
 * one bucket, and adapters pointed at it.
 */
export async function startS3Server(bucket = 'uploads'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const adapters: S3StorageAdapter[] = [];
  return {
    endpoint,
    bucket,
    adapter(overrides = {}) {
      const adapter = new S3StorageAdapter({
        endpoint,
        region: 'us-east-1',
        bucket,
        forcePathStyle: true,
        uploadTtlSeconds: 300,
        ...S3RVER_CREDENTIALS,
        ...overrides,
      });
      adapters.push(adapter);
      return adapter;
    },
    async close() {
      for (const a of adapters) a.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
