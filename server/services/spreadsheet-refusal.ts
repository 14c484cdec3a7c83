import type { Translator } from '../../locales/server.js'
import { badRequest, detailError, type ApiError } from '../http/errors.js'
import type { SpreadsheetError } from './spreadsheets.js'

/**
 * A file the spreadsheet reader refused (spreadsheets.ts) as the contract's answer, in the requester's
 * language: the texts the invitation batches and the class import share, with their own limits.
 */
export const spreadsheetRefusal = (t: Translator, error: SpreadsheetError, limits: { maxBytes: number; maxRows: number }): ApiError => {
  switch (error.problem) {
    case 'file_type':
      return detailError(415, t.validation.fileTypeNotAllowed(), 'file_type')
    case 'too_large':
      return detailError(413, t.invitationImport.fileTooLarge({ max: limits.maxBytes / 1024 }), 'too_large')
    case 'too_many_rows':
      return badRequest(t.invitationImport.tooManyRows({ max: limits.maxRows }), 'too_many_rows')
    case 'unreadable':
      return badRequest(t.invitationImport.unreadable(), 'unreadable')
    case 'empty':
      return badRequest(t.invitationImport.empty(), 'empty')
    case 'missing_columns':
      return badRequest(t.invitationImport.missingColumns({ columns: error.columns.join(', ') }), 'missing_columns')
  }
}
