import { fromPromise } from 'xstate'
import type { ClassUserImport, FileImportConfirmInput, FileImportPreview, FileImportReadInput, FileImportRequestInput, FileImportUpload, FileImportUploadInput } from '../../machines/types'
import { api, unwrap } from './client'
import { callbackIdOf, presignedUpload, saveBlob } from './files'

/**
 * The real actors of the user import into classes (machines/file-import.ts with
 * FILE_IMPORTS.classUsers), bound to the organization, and the template downloads. The API calls
 * forward the abort signal and throw `{status, body}` for an error response (see client.unwrap); the
 * file goes to its presigned address (files.ts).
 */

/** The type a file is announced with: its own, or by its name when the browser gives none. */
const typeOf = (file: File) =>
  file.type || (file.name.toLowerCase().endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')

export const classUserImportActors = (organizationId: number) => ({
  /** POST /v1/groups/{orgId}/users/import/upload/ */
  requestUpload: fromPromise<FileImportUpload, FileImportRequestInput>(({ input, signal }) =>
    unwrap(
      api.POST('/v1/groups/{orgId}/users/import/upload/', {
        params: { path: { orgId: organizationId } },
        body: { file_size: input.file.size, content_type: typeOf(input.file), file_name: input.file.name },
        signal,
      }),
    ),
  ),
  /** PUT of the file to its presigned address (files.ts). */
  uploadFile: presignedUpload<FileImportUploadInput>(),
  /** POST /v1/groups/{orgId}/users/preview/ */
  readPreview: fromPromise<FileImportPreview, FileImportReadInput>(({ input, signal }) =>
    unwrap(api.POST('/v1/groups/{orgId}/users/preview/', { params: { path: { orgId: organizationId } }, body: { file_key: callbackIdOf(input.upload) }, signal })),
  ),
  /** POST /v1/groups/{orgId}/users/import/ */
  confirmImport: fromPromise<FileImportPreview, FileImportConfirmInput>(({ input, signal }) =>
    unwrap(
      api.POST('/v1/groups/{orgId}/users/import/', {
        params: { path: { orgId: organizationId } },
        body: { callback_id: callbackIdOf(input.preview), consent: input.consent },
        signal,
      }),
    ),
  ),
})

/** The user import's preview: its actors answer ClassUserImport. */
export const classUserImportOf = (preview: FileImportPreview | null) => preview as ClassUserImport | null

/** GET /v1/groups/{orgId}/users/import/?format= saved as a file (the call needs the session's bearer header, so no plain link). */
export const downloadUserTemplate = async (organizationId: number, format: 'xlsx' | 'csv'): Promise<void> => {
  const blob = await unwrap(api.GET('/v1/groups/{orgId}/users/import/', { params: { path: { orgId: organizationId }, query: { format } }, parseAs: 'blob' }))
  saveBlob(blob as Blob, `users-classes.${format}`)
}
