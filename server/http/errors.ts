/**
 * The two error shapes of the contract: `{detail, code?}` and `{field: [messages]}`.
 * Handlers throw an ApiError; the error handler (error-handler.ts) sends it as it is.
 */

export type ErrorBody = { detail: string; code?: string }
export type FieldErrorsBody = { [field: string]: string[] | string | undefined; detail?: string }

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody | FieldErrorsBody | Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body))
    this.name = 'ApiError'
  }
}

/** `{detail}` (and a machine-readable `code` when the client acts on it) with any 4xx status. */
export const detailError = (statusCode: number, detail: string, code?: string): ApiError =>
  new ApiError(statusCode, code ? { detail, code } : { detail })

/** 400 with messages by field: `fieldErrors({ email: 'Taken' })` → `{"email": ["Taken"]}`. */
export const fieldErrors = (messages: Record<string, string | string[]>): ApiError =>
  new ApiError(
    400,
    Object.fromEntries(Object.entries(messages).map(([field, text]) => [field, Array.isArray(text) ? text : [text]])),
  )

export const badRequest = (detail: string, code?: string) => detailError(400, detail, code)
export const forbidden = (detail: string) => detailError(403, detail)
export const notFound = (detail: string) => detailError(404, detail)
