import { fromPromise } from 'xstate'
import type { ClassImport, FileImportConfirmInput, FileImportPreview, FileImportReadInput, FileImportRequestInput, FileImportUpload, FileImportUploadInput } from '../../machines/types'
import { api, unwrap } from './client'
import { callbackIdOf, presignedUpload, saveBlob } from './files'

/**
 * The real actors of the class import (machines/file-import.ts with FILE_IMPORTS.classes), bound to
 * the organization, and the template download. The API calls forward the abort signal and throw
 * `{status, body}` for an error response (see client.unwrap); the file goes to its presigned address
 * (files.ts).
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export const classImportActors = (organizationId: number) => ({
  /** POST /v1/groups/{orgId}/import/upload/ */
  requestUpload: fromPromise<FileImportUpload, FileImportRequestInput>(({ input, signal }) =>
    unwrap(
      api.POST('/v1/groups/{orgId}/import/upload/', {
        params: { path: { orgId: organizationId } },
        body: { file_size: input.file.size, content_type: input.file.type || XLSX, file_name: input.file.name },
        signal,
      }),
    ),
  ),
  /** PUT of the file to its presigned address (files.ts). */
  uploadFile: presignedUpload<FileImportUploadInput>(),
  /** POST /v1/groups/{orgId}/preview/ */
  readPreview: fromPromise<FileImportPreview, FileImportReadInput>(({ input, signal }) =>
    unwrap(api.POST('/v1/groups/{orgId}/preview/', { params: { path: { orgId: organizationId } }, body: { file_key: callbackIdOf(input.upload) }, signal })),
  ),
  /** POST /v1/groups/{orgId}/import/ */
  confirmImport: fromPromise<FileImportPreview, FileImportConfirmInput>(({ input, signal }) =>
    unwrap(api.POST('/v1/groups/{orgId}/import/', { params: { path: { orgId: organizationId } }, body: { callback_id: callbackIdOf(input.preview) }, signal })),
  ),
})

/** The class import's preview: its actors answer ClassImport. */
export const classImportOf = (preview: FileImportPreview | null) => preview as ClassImport | null

/** GET /v1/groups/{orgId}/import/ saved as a file (the call needs the session's bearer header, so no plain link). */
export const downloadClassTemplate = async (organizationId: number): Promise<void> => {
  const blob = await unwrap(api.GET('/v1/groups/{orgId}/import/', { params: { path: { orgId: organizationId } }, parseAs: 'blob' }))
  saveBlob(blob as Blob, 'class-list.xlsx')
}
