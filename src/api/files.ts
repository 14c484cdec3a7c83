import { fromCallback } from 'xstate'
import type { FileImportPreview, FileImportUpload, UploadProgressEvent } from '../../machines/types'

/** Files to and from the server: a download handed to the browser, and an upload to a presigned address. */

/**
 * Hands `blob` to the browser as a download named `fileName`. The calls that answer files need the
 * session's bearer header, so a plain link cannot fetch them: they are fetched, then saved this way.
 */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

interface PresignedUploadInput {
  upload: { presigned_url: string; content_type: string }
  file: File
}

/**
 * The actor that PUTs the file to its presigned address (no session: the address carries its signature)
 * by XMLHttpRequest, the one browser API that reports an upload's progress; stopped, it aborts.
 */
export const presignedUpload = <Input extends PresignedUploadInput>() =>
  fromCallback<UploadProgressEvent, Input>(({ input, sendBack }) => {
    const request = new XMLHttpRequest()
    request.open('PUT', input.upload.presigned_url)
    request.setRequestHeader('Content-Type', input.upload.content_type)
    request.upload.onprogress = (event) => sendBack({ type: 'upload.progress', loaded: event.loaded, total: event.total || input.file.size })
    request.onload = () =>
      sendBack((request.status >= 200 && request.status < 300 ? { type: 'upload.done' } : { type: 'upload.failed', status: request.status }) as never)
    request.onerror = () => sendBack({ type: 'upload.failed', status: 0 } as never)
    request.send(input.file)
    return () => request.abort()
  })

/**
 * What names a class import's (or user import's) upload and preview in the next call: its callback_id.
 * The file-import flow holds the uploads and previews of every screen; a screen's actors get only their
 * own, so the 0 of anything else (which the server refuses) is never sent.
 */
export const callbackIdOf = (value: FileImportUpload | FileImportPreview | null): number => (value !== null && 'callback_id' in value ? value.callback_id : 0)

/** The id of an invitation list's upload or preview, or of a staged organization import (0 for anything else, as callbackIdOf). */
export const importIdOf = (value: FileImportUpload | FileImportPreview | null): number => (value !== null && 'id' in value ? value.id : 0)
