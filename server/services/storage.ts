import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { S3Config } from '../config.js'

/**
 * Files (logos, avatars, uploaded spreadsheets): one interface, two backends.
 * - local disk under FILES_DIR (default DATA_DIR/files), the default;
 * - an S3-compatible bucket when S3_* is set.
 * Keys are paths of lower-case letters, digits, `-`, `_`, `.` and `/` chosen by the server, never by a
 * client; a stored object keeps its content type.
 */

export interface StoredObject {
  body: Buffer
  contentType: string
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** undefined when there is no such object. */
  get(key: string): Promise<StoredObject | undefined>
  /** Deleting a missing object is fine. */
  delete(key: string): Promise<void>
}

const KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/

const checkKey = (key: string): string => {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`)
  }
  return key
}

/** A fresh random part for a key: a new upload never overwrites what an old URL points to. */
export const newKeyPart = (): string => randomBytes(9).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, 'x')

export const diskStorage = (dir: string): Storage => {
  const fileOf = (key: string) => path.join(dir, ...checkKey(key).split('/'))
  return {
    async put(key, body, contentType) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // written beside, then renamed: a reader never sees half a file
      const partial = `${file}.${newKeyPart()}.partial`
      await writeFile(partial, body)
      await writeFile(`${file}.type`, contentType)
      await rename(partial, file)
    },
    async get(key) {
      const file = fileOf(key)
      try {
        const [body, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')])
        return { body, contentType }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async delete(key) {
      const file = fileOf(key)
      await Promise.all([rm(file, { force: true }), rm(`${file}.type`, { force: true })])
    },
  }
}

export const s3Storage = (config: S3Config): Storage => {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  })
  const Bucket = config.bucket
  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentType: contentType }))
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }))
        if (!object.Body) return undefined
        return { body: Buffer.from(await object.Body.transformToByteArray()), contentType: object.ContentType ?? 'application/octet-stream' }
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined
        throw error
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))
    },
  }
}

/** S3 when configured, else the disk. */
export const openStorage = (config: { s3: S3Config | undefined; filesDir: string }): Storage =>
  config.s3 ? s3Storage(config.s3) : diskStorage(config.filesDir)
