import { and, eq, lt } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import type { Translator } from '../../locales/server.js'
import { secondsAfter } from '../auth/clock.js'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import type { AppContext } from '../context.js'
import { assignments, classImports, groups, type ClassImportRow, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { ApiError, detailError, notFound } from '../http/errors.js'
import { readSpreadsheet, SpreadsheetError, writeSpreadsheet, XLSX_CONTENT_TYPE } from '../services/spreadsheets.js'
import { commitThenSend } from '../services/outbox.js'
import { spreadsheetRefusal } from '../services/spreadsheet-refusal.js'
import { newKeyPart } from '../services/storage.js'
import { mailInvitations, type IssuedInvitation } from '../invitations/issue.js'
import { organizationOfGroups } from './access.js'
import { enrollRoster } from './roster.js'
import { checkRows, exampleRow, importColumns, MAX_IMPORT_ROWS, type StoredRow } from './import-rows.js'
import { invitationAllowance, invitationQuota } from '../invitations/quota.js'

/**
 * Class import (specification 001 §2, §4 Upload and Class import, §7), staged like every import
 * (DESIGN.md): the admin asks for an upload address, the browser PUTs the xlsx there, the preview reads
 * it into rows (the file is then deleted) and shows each class with its errors; nothing is created until
 * the confirmation, which checks the rows again and creates every class with its goals and its teacher
 * (a teacher of the organization owns it; another address gets a pending teacher invitation, mailed once
 * committed, as the wizard does) in one transaction, or none. The import row is locked and marked committed in that transaction, so a second
 * confirmation creates nothing again.
 */

/** The largest file; the presigned address and the reader both hold to it. */
const MAX_BYTES = 5 * 1024 * 1024
/** How long the upload address works. */
const UPLOAD_SECONDS = 15 * 60
/** How long an import is kept, confirmed or not (maintenance deletes it; its classes stay). */
export const CLASS_IMPORT_KEPT_DAYS = 7

type ImportView = components['schemas']['ClassImport']

/** The content types an .xlsx may be announced with: its own, or none in particular. */
const XLSX_TYPES = new Set([XLSX_CONTENT_TYPE, 'application/octet-stream', ''])

/** The import `id` of the organization, when `me` may import its classes; one of another organization is 404. */
const importFor = async (db: Executor, t: Translator, me: UserRow, organizationId: number, id: number, operation: 'previewClassImport' | 'confirmClassImport', lock = false) => {
  const { organization } = await organizationOfGroups(db, t, me, organizationId, operation)
  const base = db
    .select()
    .from(classImports)
    .where(and(eq(classImports.id, id), eq(classImports.organizationId, organizationId)))
  const [found] = lock ? await base.for('update') : await base
  if (!found) throw notFound(t.api.notFound())
  return { found, organization }
}

/**
 * The import's rows, reading its file the first time (a refused file stays refused: the admin starts
 * again). The caller deletes the file once the rows are stored for good (a confirmation that fails rolls
 * them back, and the file is read again).
 */
const rowsOf = async (app: AppContext, t: Translator, db: Executor, stored: ClassImportRow): Promise<{ stored: ClassImportRow; rows: StoredRow[] }> => {
  if (stored.rows) return { stored, rows: stored.rows as StoredRow[] }
  const file = await app.storage.get(stored.fileKey)
  if (!file) throw detailError(409, t.invitationImport.notUploaded(), 'not_uploaded')
  let rows: StoredRow[]
  try {
    const read = await readSpreadsheet(file.body, stored.fileName, { columns: importColumns(t), maxBytes: MAX_BYTES, maxRows: MAX_IMPORT_ROWS })
    rows = read.map(({ number, values }) => ({ number, values, groupId: null }))
  } catch (error) {
    if (error instanceof SpreadsheetError) throw spreadsheetRefusal(t, error, { maxBytes: MAX_BYTES, maxRows: MAX_IMPORT_ROWS })
    throw error
  }
  const [saved] = await db.update(classImports).set({ rows }).where(eq(classImports.id, stored.id)).returning()
  return { stored: saved!, rows }
}

const importView = async (db: Executor, t: Translator, me: UserRow, stored: ClassImportRow, rows: readonly StoredRow[]): Promise<ImportView> => {
  const classes = await checkRows(db, t, me, stored.organizationId, rows, stored.committedAt !== null)
  return {
    callback_id: stored.id,
    file_name: stored.fileName,
    created_at: stored.createdAt.toISOString(),
    committed_at: stored.committedAt?.toISOString() ?? null,
    total: classes.length,
    with_errors: classes.filter((entry) => entry.errors.length > 0).length,
    classes,
  }
}

/** POST /v1/groups/{orgId}/import/upload/ */
export const createClassImport: Handler<'createClassImport'> = async (call) => {
  const { app, t, body, params } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationOfGroups(app.db, t, me, params.orgId, 'createClassImport')
  const type = body.content_type.split(';')[0]!.trim().toLowerCase()
  // the class import accepts only xlsx (specification §5)
  if (!body.file_name.trim().toLowerCase().endsWith('.xlsx') || !XLSX_TYPES.has(type)) {
    throw detailError(415, t.validation.fileTypeNotAllowed(), 'file_type')
  }
  if (body.file_size > MAX_BYTES) throw detailError(413, t.invitationImport.fileTooLarge({ max: MAX_BYTES / 1024 }), 'too_large')
  const now = app.clock()
  const fileKey = `class-imports/${organization.id}/${newKeyPart()}.xlsx`
  const [stored] = await app.db
    .insert(classImports)
    .values({ organizationId: organization.id, createdBy: me.id, createdAt: now, fileName: body.file_name.trim(), fileKey })
    .returning()
  const expiresAt = secondsAfter(now, UPLOAD_SECONDS)
  const url = await app.storage.presignUpload({ key: fileKey, contentType: XLSX_CONTENT_TYPE, size: body.file_size, expiresAt })
  call.reply.code(201)
  return { callback_id: stored!.id, presigned_url: url, content_type: XLSX_CONTENT_TYPE, expires_at: expiresAt.toISOString() }
}

/** POST /v1/groups/{orgId}/preview/ */
export const previewClassImport: Handler<'previewClassImport'> = async (call) => {
  const { app, t, body, params } = call
  const { user: me } = requireAuth(call)
  const { found, organization } = await importFor(app.db, t, me, params.orgId, body.file_key, 'previewClassImport')
  const { stored, rows } = await rowsOf(app, t, app.db, found)
  await app.storage.delete(stored.fileKey)
  const view = await importView(app.db, t, me, stored, rows)
  if (stored.committedAt) return view
  // the teachers a confirmation would invite, each once, against the organization's invitations today
  const invited = new Set(view.classes.flatMap((entry) => (entry.teacher?.invited ? [entry.teacher.email] : [])))
  return { ...view, invitation_allowance: await invitationAllowance(app.db, organization, app.config.rateLimit, app.clock(), invited.size) }
}

/** POST /v1/groups/{orgId}/import/ */
export const confirmClassImport: Handler<'confirmClassImport'> = async (call) => {
  const { app, t, body, params } = call
  const { user: me } = requireAuth(call)
  const now = app.clock()
  const { view, fileKey } = await commitThenSend(app, async (tx) => {
    // locked: a second confirmation waits for the first, then finds it committed
    const { found, organization } = await importFor(tx, t, me, params.orgId, body.callback_id, 'confirmClassImport', true)
    const { stored, rows } = await rowsOf(app, t, tx, found)
    const preview = await importView(tx, t, me, stored, rows)
    if (stored.committedAt) return { view: preview, fileKey: stored.fileKey }
    if (preview.with_errors > 0) {
      throw new ApiError(409, { detail: t.api.groupImport.hasErrors(), code: 'import_has_errors', import: preview })
    }
    // the creation key ties each class to its row: one statement makes them all, answered in any order
    const keyOf = (row: number) => `import-${stored.id}-${row}`
    const made = await tx
      .insert(groups)
      .values(
        preview.classes.map((entry) => ({
          organizationId: stored.organizationId,
          name: entry.name,
          startDate: entry.start_date!,
          endDate: entry.end_date!,
          creationKey: keyOf(entry.row),
          createdAt: now,
        })),
      )
      .returning({ id: groups.id, key: groups.creationKey })
    const idOf = new Map(made.map(({ id, key }) => [key, id]))
    const goals = preview.classes.filter((entry) => entry.goals)
    if (goals.length > 0) {
      await tx.insert(assignments).values(
        goals.map((entry) => ({
          groupId: idOf.get(keyOf(entry.row))!,
          practiceDaysPerWeek: entry.goals!.practice_days_per_week,
          practiceMinutesPerDay: entry.goals!.practice_minutes_per_day,
          testBeforeClassStats: entry.goals!.test_before_class_stats,
          updatedAt: now,
        })),
      )
    }
    // each class's teacher as the wizard names one: a teacher of the organization owns it, another address is invited
    const issued: IssuedInvitation[] = []
    for (const entry of preview.classes.filter((candidate) => candidate.teacher)) {
      const enrolled = await enrollRoster(tx, {
        organizationId: stored.organizationId,
        groupId: idOf.get(keyOf(entry.row))!,
        teacherEmail: entry.teacher!.email,
        students: [],
        consent: true,
        invitedBy: me.id,
        now,
        ttlSeconds: app.config.invitationTtl,
        quota: invitationQuota(app, t),
      })
      issued.push(...enrolled.issued)
    }
    const committedRows: StoredRow[] = rows.map((row) => ({ ...row, groupId: idOf.get(keyOf(row.number)) ?? null }))
    const [committed] = await tx
      .update(classImports)
      .set({ rows: committedRows, committedAt: now })
      .where(eq(classImports.id, stored.id))
      .returning()
    await mailInvitations(app, tx, organization, issued, me, call.locale)
    return { view: await importView(tx, t, me, committed!, committedRows), fileKey: stored.fileKey }
  })
  await app.storage.delete(fileKey)
  return view
}

/** GET /v1/groups/{orgId}/import/ — the class-list template. */
export const getClassImportTemplate: Handler<'getClassImportTemplate'> = async (call) => {
  const { app, t, params, reply } = call
  const { user: me } = requireAuth(call)
  await organizationOfGroups(app.db, t, me, params.orgId, 'getClassImportTemplate')
  const header = importColumns(t).map((column) => column.header)
  const bytes = await writeSpreadsheet('xlsx', [header, exampleRow(t, app.clock().toISOString().slice(0, 10))])
  await reply.type(XLSX_CONTENT_TYPE).header('content-disposition', 'attachment; filename="class-list.xlsx"').send(bytes)
}

/** Deletes the imports made more than CLASS_IMPORT_KEPT_DAYS ago, with the files never read (maintenance.ts); answers how many. */
export const purgeClassImports = async (app: AppContext, now: Date): Promise<number> => {
  const before = new Date(now.getTime() - CLASS_IMPORT_KEPT_DAYS * 24 * 60 * 60 * 1000)
  const purged = await app.db
    .delete(classImports)
    .where(lt(classImports.createdAt, before))
    .returning({ fileKey: classImports.fileKey, rows: classImports.rows })
  for (const stored of purged) if (stored.rows === null) await app.storage.delete(stored.fileKey)
  return purged.length
}
