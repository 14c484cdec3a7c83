import { pipeline, Readable } from 'node:stream'
import { crc32, createDeflateRaw } from 'node:zlib'

/**
 * A ZIP archive written as it goes (PKWARE's APPNOTE: local header, deflated data, then a data
 * descriptor with the CRC and sizes, known only at the end; the central directory last), for the XLSX
 * exports: each entry's bytes are compressed as they are pulled, so the archive holds no more than
 * zlib's window whatever the size of the sheet. exceljs's streaming writer, used before, handed its
 * sheet to the compressor without waiting for it and left ~100 MB of buffers and row objects to the
 * garbage collector for 10,000 students' lesson details. No ZIP64: an entry over 4 GB is refused.
 */

export interface ZipEntry {
  name: string
  data: AsyncIterable<Buffer> | Iterable<Buffer>
}

/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808
const DEFLATE = 8
const VERSION = 20
/** 1 January 1980, 00:00, the first time a ZIP can hold: the time of a download means nothing here. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1
const DOS_TIME = 0
const LIMIT = 0xffffffff

const header = (signature: number, fields: readonly [number, 2 | 4][], tail?: Buffer): Buffer => {
  const size = 4 + fields.reduce((sum, [, bytes]) => sum + bytes, 0)
  const buffer = Buffer.alloc(size)
  buffer.writeUInt32LE(signature, 0)
  let at = 4
  for (const [value, bytes] of fields) {
    if (bytes === 2) buffer.writeUInt16LE(value, at)
    else buffer.writeUInt32LE(value, at)
    at += bytes
  }
  return tail ? Buffer.concat([buffer, tail]) : buffer
}

interface Written {
  name: Buffer
  crc: number
  compressed: number
  size: number
  offset: number
}

/** The archive's bytes, entry by entry, pulled by the reader (a slow reader slows the entries' sources down). */
export async function* zipStream(entries: Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const local = header(
      0x04034b50,
      [[VERSION, 2], [FLAGS, 2], [DEFLATE, 2], [DOS_TIME, 2], [DOS_DATE, 2], [0, 4], [0, 4], [0, 4], [name.length, 2], [0, 2]],
      name,
    )
    yield local
    let crc = 0
    let size = 0
    let compressed = 0
    const deflate = createDeflateRaw()
    const counted = async function* () {
      for await (const chunk of entry.data) {
        crc = crc32(chunk, crc)
        size += chunk.length
        yield chunk
      }
    }
    // a failing source ends the deflater with its error, which the loop below throws
    pipeline(Readable.from(counted()), deflate, () => undefined)
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      compressed += chunk.length
      yield chunk
    }
    if (size > LIMIT || compressed > LIMIT || offset > LIMIT) throw new Error(`${entry.name} is too large for a ZIP without ZIP64`)
    yield header(0x08074b50, [[crc, 4], [compressed, 4], [size, 4]])
    written.push({ name, crc, compressed, size, offset })
    offset += local.length + compressed + 16
  }
  let directory = 0
  for (const file of written) {
    const record = header(
      0x02014b50,
      [
        [VERSION, 2], [VERSION, 2], [FLAGS, 2], [DEFLATE, 2], [DOS_TIME, 2], [DOS_DATE, 2],
        [file.crc, 4], [file.compressed, 4], [file.size, 4], [file.name.length, 2], [0, 2], [0, 2], [0, 2], [0, 2], [0, 4], [file.offset, 4],
      ],
      file.name,
    )
    directory += record.length
    yield record
  }
  yield header(0x06054b50, [[0, 2], [0, 2], [written.length, 2], [written.length, 2], [directory, 4], [offset, 4], [0, 2]])
}
