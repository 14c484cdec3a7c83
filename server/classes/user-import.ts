import { and, eq, lt } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import type { Translator } from '../../locales/server.js'
import { secondsAfter } from '../auth/clock.js'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import type { AppContext } from '../context.js'
import { classUserImports, type ClassUserImportRow, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { ApiError, detailError, notFound } from '../http/errors.js'
import { mailInvitations, type IssuedInvitation } from '../invitations/issue.js'
import { readSpreadsheet, SpreadsheetError, uploadTypeOf, writeSpreadsheet, XLSX_CONTENT_TYPE } from '../services/spreadsheets.js'
import { commitThenSend } from '../services/outbox.js'
import { spreadsheetRefusal } from '../services/spreadsheet-refusal.js'
import { newKeyPart } from '../services/storage.js'
import { organizationOfGroups } from './access.js'
import { enrollRoster } from './roster.js'
import { checkUserRows, exampleUserRow, MAX_USER_IMPORT_ROWS, userImportColumns, type Outcome, type StoredRow } from './user-import-rows.js'
import { invitationAllowance, invitationQuota } from '../invitations/quota.js'

/**
 * User import into classes (specification 001 §2 User import into classes, §4 Upload, §7 "POST
 * /v1/groups/{orgId}/users/preview (file_key)"), staged like the class import (import.ts): an upload
 * address, the xlsx or csv PUT there, a preview that reads it into rows grouped per class with their
 * errors, and a confirmation that checks the rows again and, in one transaction, enrolls every class's
 * addresses as the creation wizard does with its students (roster.ts: with consent the organization's
 * students join at once and the others get auto-join invitations; without it, everyone an invitation
 * to accept), or nobody. The import is locked and marked committed in that transaction, so a second
 * confirmation invites nobody again; the mails go once it has committed.
 */

const MAX_BYTES = 5 * 1024 * 1024
const UPLOAD_SECONDS = 15 * 60
/** How long an import is kept, confirmed or not (maintenance deletes it; its invitations stay). */
export const CLASS_USER_IMPORT_KEPT_DAYS = 7

type ImportView = components['schemas']['ClassUserImport']
type Operation = 'previewClassUserImport' | 'confirmClassUserImport'

/** The import `id` of the organization, when `me` may do `operation`; one of another organization is 404. */
const importFor = async (db: Executor, t: Translator, me: UserRow, organizationId: number, id: number, operation: Operation, lock = false) => {
  const { organization } = await organizationOfGroups(db, t, me, organizationId, operation)
  const base = db
    .select()
    .from(classUserImports)
    .where(and(eq(classUserImports.id, id), eq(classUserImports.organizationId, organizationId)))
  const [found] = lock ? await base.for('update') : await base
  if (!found) throw notFound(t.api.notFound())
  return { found, organization }
}

/** The import's rows, reading its file the first time (a refused file stays refused: the admin starts again). */
const rowsOf = async (app: AppContext, t: Translator, db: Executor, stored: ClassUserImportRow): Promise<{ stored: ClassUserImportRow; rows: StoredRow[] }> => {
  if (stored.rows) return { stored, rows: stored.rows as StoredRow[] }
  const file = await app.storage.get(stored.fileKey)
  if (!file) throw detailError(409, t.invitationImport.notUploaded(), 'not_uploaded')
  let rows: StoredRow[]
  try {
    const read = await readSpreadsheet(file.body, stored.fileName, { columns: userImportColumns(t), maxBytes: MAX_BYTES, maxRows: MAX_USER_IMPORT_ROWS })
    rows = read.map(({ number, values }) => ({ number, values, outcome: null }))
  } catch (error) {
    if (error instanceof SpreadsheetError) throw spreadsheetRefusal(t, error, { maxBytes: MAX_BYTES, maxRows: MAX_USER_IMPORT_ROWS })
    throw error
  }
  const [saved] = await db.update(classUserImports).set({ rows }).where(eq(classUserImports.id, stored.id)).returning()
  return { stored: saved!, rows }
}

const importView = async (db: Executor, t: Translator, me: UserRow, stored: ClassUserImportRow, rows: readonly StoredRow[]): Promise<ImportView> => {
  const classes = await checkUserRows(db, t, me, stored.organizationId, rows, stored.committedAt !== null)
  return {
    callback_id: stored.id,
    file_name: stored.fileName,
    created_at: stored.createdAt.toISOString(),
    committed_at: stored.committedAt?.toISOString() ?? null,
    consent: stored.consent,
    total: rows.length,
    with_errors: classes.reduce((sum, entry) => sum + entry.rows.filter((row) => row.errors.length > 0).length, 0),
    classes,
  }
}

/** POST /v1/groups/{orgId}/users/import/upload/ */
export const createClassUserImport: Handler<'createClassUserImport'> = async (call) => {
  const { app, t, body, params } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationOfGroups(app.db, t, me, params.orgId, 'createClassUserImport')
  const contentType = uploadTypeOf(body.content_type, body.file_name)
  if (!contentType) throw detailError(415, t.validation.fileTypeNotAllowed(), 'file_type')
  if (body.file_size > MAX_BYTES) throw detailError(413, t.invitationImport.fileTooLarge({ max: MAX_BYTES / 1024 }), 'too_large')
  const now = app.clock()
  const fileKey = `class-user-imports/${organization.id}/${newKeyPart()}.${contentType === 'text/csv' ? 'csv' : 'xlsx'}`
  const [stored] = await app.db
    .insert(classUserImports)
    .values({ organizationId: organization.id, createdBy: me.id, createdAt: now, fileName: body.file_name.trim(), fileKey })
    .returning()
  const expiresAt = secondsAfter(now, UPLOAD_SECONDS)
  const url = await app.storage.presignUpload({ key: fileKey, contentType, size: body.file_size, expiresAt })
  call.reply.code(201)
  return { callback_id: stored!.id, presigned_url: url, content_type: contentType, expires_at: expiresAt.toISOString() }
}

/** POST /v1/groups/{orgId}/users/preview/ */
export const previewClassUserImport: Handler<'previewClassUserImport'> = async (call) => {
  const { app, t, body, params } = call
  const { user: me } = requireAuth(call)
  const { found, organization } = await importFor(app.db, t, me, params.orgId, body.file_key, 'previewClassUserImport')
  const { stored, rows } = await rowsOf(app, t, app.db, found)
  await app.storage.delete(stored.fileKey)
  const view = await importView(app.db, t, me, stored, rows)
  if (stored.committedAt) return view
  // with consent (the default) the organization's students join without an invitation; everyone else is invited once
  const invited = new Set(view.classes.flatMap((entry) => entry.rows.filter((row) => !row.student).map((row) => row.values.email.trim().toLowerCase())))
  return { ...view, invitation_allowance: await invitationAllowance(app.db, organization, app.config.rateLimit, app.clock(), invited.size) }
}

/**
 * One mail per invitation: an address invited to two classes has one invitation, mailed (if at all) with
 * the link of its first class, the later ones renewing it within the same day without a link (issue.ts).
 */
const onePerInvitation = (issued: readonly IssuedInvitation[]) => [
  ...new Map(issued.filter(({ token }) => token !== null).map((entry) => [entry.row.id, entry])).values(),
]

/** POST /v1/groups/{orgId}/users/import/ */
export const confirmClassUserImport: Handler<'confirmClassUserImport'> = async (call) => {
  const { app, t, body, params } = call
  const { user: me } = requireAuth(call)
  const consent = body.consent ?? true
  const now = app.clock()
  const outcome = await commitThenSend(app, async (tx) => {
    // locked: a second confirmation waits for the first, then finds it committed
    const { found, organization } = await importFor(tx, t, me, params.orgId, body.callback_id, 'confirmClassUserImport', true)
    const { stored, rows } = await rowsOf(app, t, tx, found)
    const preview = await importView(tx, t, me, stored, rows)
    if (stored.committedAt) return { view: preview, fileKey: stored.fileKey }
    if (preview.with_errors > 0) {
      throw new ApiError(409, { detail: t.api.groupUserImport.hasErrors(), code: 'import_has_errors', import: preview })
    }
    const outcomes = new Map<number, Outcome>()
    const issued: IssuedInvitation[] = []
    for (const entry of preview.classes) {
      const enrolled = await enrollRoster(tx, {
        organizationId: stored.organizationId,
        groupId: entry.group!,
        teacherEmail: null,
        students: entry.rows.map((row) => row.values.email),
        consent,
        invitedBy: me.id,
        now,
        ttlSeconds: app.config.invitationTtl,
        quota: invitationQuota(app, t),
      })
      issued.push(...enrolled.issued)
      const joined = new Set(enrolled.roster.joined)
      for (const row of entry.rows) outcomes.set(row.row, joined.has(row.values.email.trim().toLowerCase()) ? 'joined' : 'invited')
    }
    const committedRows: StoredRow[] = rows.map((row) => ({ ...row, outcome: outcomes.get(row.number) ?? null }))
    const [committed] = await tx
      .update(classUserImports)
      .set({ rows: committedRows, consent, committedAt: now })
      .where(eq(classUserImports.id, stored.id))
      .returning()
    await mailInvitations(app, tx, organization, onePerInvitation(issued), me, call.locale)
    return { view: await importView(tx, t, me, committed!, committedRows), fileKey: stored.fileKey }
  })
  await app.storage.delete(outcome.fileKey)
  return outcome.view
}

/** GET /v1/groups/{orgId}/users/import/ — the template, xlsx (default) or csv. */
export const getClassUserImportTemplate: Handler<'getClassUserImportTemplate'> = async (call) => {
  const { app, t, params, query, reply } = call
  const { user: me } = requireAuth(call)
  await organizationOfGroups(app.db, t, me, params.orgId, 'getClassUserImportTemplate')
  const format = query.format ?? 'xlsx'
  const header = userImportColumns(t).map((column) => column.header)
  const bytes = await writeSpreadsheet(format, [header, exampleUserRow(t)])
  await reply
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="users-classes.${format}"`)
    .send(bytes)
}

/** Deletes the imports made more than CLASS_USER_IMPORT_KEPT_DAYS ago, with the files never read (maintenance.ts); answers how many. */
export const purgeClassUserImports = async (app: AppContext, now: Date): Promise<number> => {
  const before = new Date(now.getTime() - CLASS_USER_IMPORT_KEPT_DAYS * 24 * 60 * 60 * 1000)
  const purged = await app.db
    .delete(classUserImports)
    .where(lt(classUserImports.createdAt, before))
    .returning({ fileKey: classUserImports.fileKey, rows: classUserImports.rows })
  for (const stored of purged) if (stored.rows === null) await app.storage.delete(stored.fileKey)
  return purged.length
}
