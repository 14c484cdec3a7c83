import { fromPromise } from 'xstate'
import type { FileImportConfirmInput, FileImportPreview, FileImportReadInput, OrganizationImport } from '../../machines/types'
import { api, unwrap } from './client'
import { importIdOf, saveBlob } from './files'

/**
 * The real actors of the organization import (machines/file-import.ts with FILE_IMPORTS.organizations:
 * no presigned upload, the file goes with the call that reads it), and the template download. Each calls
 * the API client, forwards the abort signal and throws `{status, body}` for an error response (see
 * client.unwrap).
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The type the file is sent with, by its name; the server checks its content and name again. */
const contentTypeOf = (name: string) => {
  const lower = name.toLowerCase()
  if (lower.endsWith('.xlsx')) return XLSX
  return lower.endsWith('.csv') ? 'text/csv' : 'application/octet-stream'
}

/** POST /v1/organizations/import/?file_name= with the file itself as the body. */
export const stageImport = fromPromise<FileImportPreview, FileImportReadInput>(({ input, signal }) => {
  const file = input.file ?? new File([], '')
  return unwrap(
    api.POST('/v1/organizations/import/', {
      params: { query: { file_name: file.name } },
      // the contract types a binary body as a string; the File goes out as it is
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': contentTypeOf(file.name) },
      signal,
    }),
  )
})

/** POST /v1/organizations/import/{importId}/confirm/ */
export const confirmImport = fromPromise<FileImportPreview, FileImportConfirmInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/organizations/import/{importId}/confirm/', { params: { path: { importId: importIdOf(input.preview) } }, signal })),
)

export const organizationImportActors = { readPreview: stageImport, confirmImport }

/** The organization import's preview: its actors answer OrganizationImport. */
export const organizationImportOf = (preview: FileImportPreview | null) => preview as OrganizationImport | null

/**
 * GET /v1/organizations/import/template/?format= saved as a file. The call needs the session's bearer
 * header, so a plain link cannot fetch it: the file is fetched and handed to the browser as a download.
 */
export const downloadImportTemplate = async (format: 'csv' | 'xlsx'): Promise<void> => {
  const blob = await unwrap(api.GET('/v1/organizations/import/template/', { params: { query: { format } }, parseAs: 'blob' }))
  saveBlob(blob as Blob, `organizations-template.${format}`)
}
