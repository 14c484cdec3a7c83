import { fromPromise } from 'xstate'
import type { ClassImportCallInput, ClassImportFileInput, ClassImportUpload, ClassImportUploadInput, ClassUserImport, ClassUserImportConfirmInput } from '../../machines/types'
import { api, unwrap } from './client'
import { presignedUpload, saveBlob } from './files'

/**
 * The real actors of the user import into classes (machines/class-user-import.ts), and the template
 * downloads. The API calls forward the abort signal and throw `{status, body}` for an error response
 * (see client.unwrap); the file goes to its presigned address (files.ts).
 */

/** The type a file is announced with: its own, or by its name when the browser gives none. */
const typeOf = (file: File) =>
  file.type || (file.name.toLowerCase().endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')

/** POST /v1/groups/{orgId}/users/import/upload/ */
export const requestUserUpload = fromPromise<ClassImportUpload, ClassImportFileInput>(({ input, signal }) =>
  unwrap(
    api.POST('/v1/groups/{orgId}/users/import/upload/', {
      params: { path: { orgId: input.organizationId } },
      body: { file_size: input.file.size, content_type: typeOf(input.file), file_name: input.file.name },
      signal,
    }),
  ),
)

/** PUT of the file to its presigned address (files.ts). */
export const uploadUserFile = presignedUpload<ClassImportUploadInput>()

/** POST /v1/groups/{orgId}/users/preview/ */
export const previewUserImport = fromPromise<ClassUserImport, ClassImportCallInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/groups/{orgId}/users/preview/', { params: { path: { orgId: input.organizationId } }, body: { file_key: input.callbackId }, signal })),
)

/** POST /v1/groups/{orgId}/users/import/ */
export const confirmUserImport = fromPromise<ClassUserImport, ClassUserImportConfirmInput>(({ input, signal }) =>
  unwrap(
    api.POST('/v1/groups/{orgId}/users/import/', {
      params: { path: { orgId: input.organizationId } },
      body: { callback_id: input.callbackId, consent: input.consent },
      signal,
    }),
  ),
)

export const classUserImportActors = { requestUserUpload, uploadUserFile, previewUserImport, confirmUserImport }

/** GET /v1/groups/{orgId}/users/import/?format= saved as a file (the call needs the session's bearer header, so no plain link). */
export const downloadUserTemplate = async (organizationId: number, format: 'xlsx' | 'csv'): Promise<void> => {
  const blob = await unwrap(api.GET('/v1/groups/{orgId}/users/import/', { params: { path: { orgId: organizationId }, query: { format } }, parseAs: 'blob' }))
  saveBlob(blob as Blob, `users-classes.${format}`)
}
