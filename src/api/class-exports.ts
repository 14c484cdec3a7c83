import { fromPromise } from 'xstate'
import type { ClassExportRequest } from '../../machines/class-export'
import { api, unwrap } from './client'
import { saveBlob } from './files'

/**
 * The class export download (machines/class-export.ts): GET /v1/reports/groups/{id}/export/ through the
 * API client, so the session goes as the bearer header it always uses, never in an address (a plain link
 * could not send it, and a token in a URL would land in histories and logs). The file is handed to the
 * browser under the name the server gave it.
 */

/** The exact name of Content-Disposition's filename* (RFC 6266), else its plain filename. */
export const fileNameOf = (disposition: string | null, fallback: string): string => {
  if (!disposition) return fallback
  const exact = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)
  if (exact) {
    try {
      return decodeURIComponent(exact[1]!.trim())
    } catch {
      // a broken encoding: the plain name below
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? fallback
}

export const downloadExport = fromPromise<void, ClassExportRequest>(async ({ input, signal }) => {
  let disposition: string | null = null
  const blob = await unwrap(
    api
      .GET('/v1/reports/groups/{id}/export/', {
        params: { path: { id: input.groupId }, query: { kind: input.kind, format: input.format, from: input.from, to: input.to } },
        parseAs: 'blob',
        signal,
      })
      .then((result) => {
        disposition = result.response.headers.get('content-disposition')
        return result
      }),
  )
  saveBlob(blob as Blob, fileNameOf(disposition, `${input.kind}-${input.from}-${input.to}.${input.format}`))
})

export const classExportActors = { downloadExport }
