import { fromPromise } from 'xstate'
import type { ClassImport, ClassImportCallInput, ClassImportFileInput, ClassImportUpload, ClassImportUploadInput } from '../../machines/types'
import { api, unwrap } from './client'
import { presignedUpload, saveBlob } from './files'

/**
 * The real actors of the class import (machines/class-import.ts), and the template download. The API
 * calls forward the abort signal and throw `{status, body}` for an error response (see client.unwrap);
 * the file goes to its presigned address (files.ts).
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** POST /v1/groups/{orgId}/import/upload/ */
export const requestClassUpload = fromPromise<ClassImportUpload, ClassImportFileInput>(({ input, signal }) =>
  unwrap(
    api.POST('/v1/groups/{orgId}/import/upload/', {
      params: { path: { orgId: input.organizationId } },
      body: { file_size: input.file.size, content_type: input.file.type || XLSX, file_name: input.file.name },
      signal,
    }),
  ),
)

/** PUT of the file to its presigned address (files.ts). */
export const uploadClassFile = presignedUpload<ClassImportUploadInput>()

/** POST /v1/groups/{orgId}/preview/ */
export const previewClassImport = fromPromise<ClassImport, ClassImportCallInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/groups/{orgId}/preview/', { params: { path: { orgId: input.organizationId } }, body: { file_key: input.callbackId }, signal })),
)

/** POST /v1/groups/{orgId}/import/ */
export const confirmClassImport = fromPromise<ClassImport, ClassImportCallInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/groups/{orgId}/import/', { params: { path: { orgId: input.organizationId } }, body: { callback_id: input.callbackId }, signal })),
)

export const classImportActors = { requestClassUpload, uploadClassFile, previewClassImport, confirmClassImport }

/** GET /v1/groups/{orgId}/import/ saved as a file (the call needs the session's bearer header, so no plain link). */
export const downloadClassTemplate = async (organizationId: number): Promise<void> => {
  const blob = await unwrap(api.GET('/v1/groups/{orgId}/import/', { params: { path: { orgId: organizationId } }, parseAs: 'blob' }))
  saveBlob(blob as Blob, 'class-list.xlsx')
}
