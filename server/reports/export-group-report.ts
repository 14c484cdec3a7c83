import { finished } from 'node:stream/promises'
import { requireAuth } from '../auth/authenticate.js'
import { groupFor } from '../classes/access.js'
import type { Handler } from '../contract/handler.js'
import { fieldErrors } from '../http/errors.js'
import { XLSX_CONTENT_TYPE } from '../services/spreadsheets.js'
import { contentDisposition, dateFormats, exportFileName } from './export-format.js'
import { exportRows, headerOf } from './export-rows.js'
import { csvStream, sheetNameOf, xlsxStream } from './export-writers.js'

/** The longest range an export covers, in days (a school year and a day). */
export const MAX_EXPORT_DAYS = 366

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * GET /v1/reports/groups/{id}/export/ — a class's activity, assessment or lesson-detail export (specification
 * 001 §2, §3 "Export columns", §6 "Export ... for admin or teacher", §9 file names), streamed: the reply
 * starts with the first page of students and ends with the last, in constant memory.
 */
export const exportGroupReport: Handler<'exportGroupReport'> = async (call) => {
  const { params, query, app, t, locale, reply } = call
  const { user: me } = requireAuth(call)
  const { group, organization } = await groupFor(app.db, t, me, params.id, 'exportGroupReport')
  const { kind, from, to } = query
  const format = query.format ?? 'csv'
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1
  if (days < 1) throw fieldErrors({ to: t.classes.validation.endBeforeStart() })
  if (days > MAX_EXPORT_DAYS) throw fieldErrors({ to: t.api.exports.rangeTooLong({ max: MAX_EXPORT_DAYS }) })

  const dates = dateFormats(locale)
  const title = t.api.exports.report[kind]()
  const name = exportFileName(group.name, title, dates.title(from), dates.title(to), format)
  const header = headerOf(kind, t, organization.type)
  const batches = exportRows(kind, {
    // the rows may lag: the read replica, if any (server/db/replica.ts)
    db: await app.store.reads.forReports(me.id),
    t,
    dates,
    scope: { groupId: group.id, organizationId: organization.id, timeZone: organization.timezone ?? 'UTC', from, to },
  })
  const body = format === 'csv' ? csvStream(header, batches) : xlsxStream(sheetNameOf(title), header, batches)
  reply
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(name))
    .header('cache-control', 'no-store')
    .send(body)
  // the handler ends with the download, so that the reply is whole (or cut short) when it returns
  await finished(reply.raw).catch(() => undefined)
  return undefined as never
}
