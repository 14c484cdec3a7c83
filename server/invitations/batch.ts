import { eq, lt } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import type { Translator } from '../../locales/server.js'
import { secondsAfter } from '../auth/clock.js'
import { requireAuth } from '../auth/authenticate.js'
import type { Call, Handler, OperationId } from '../contract/handler.js'
import type { AppContext } from '../context.js'
import { invitationBatches, type InvitationBatchRow, type OrganizationRow, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { findGroup } from '../classes/queries.js'
import { enrollStudents } from '../classes/roster.js'
import { badRequest, detailError, fieldErrors, notFound } from '../http/errors.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { organizationFor } from '../organizations/access.js'
import { readSpreadsheet, SpreadsheetError, uploadTypeOf, writeSpreadsheet, XLSX_CONTENT_TYPE } from '../services/spreadsheets.js'
import { spreadsheetRefusal } from '../services/spreadsheet-refusal.js'
import { commitThenSend } from '../services/outbox.js'
import { newKeyPart } from '../services/storage.js'
import { checkBatchRows, classOf, columnOf, emptyCounts, MAX_BATCH_ROWS, rowView, type BatchKind, type StoredRow } from './batch-rows.js'
import { mailInvitations, storeInvitationBatch } from './issue.js'
import { invitationAllowance, invitationQuota } from './quota.js'

/**
 * Batch invitation from a file (spec 000 §3, §4 File import flow, §7): the admin asks for an upload
 * address (POST), the browser PUTs the file there (storage: this server's signed address or S3's),
 * the first GET reads it into rows (then the file is deleted: the rows are what is kept), and every GET
 * answers the staged preview, checked again against the organization as it is now. Sending invites the
 * `ok` rows, writes their mails to the outbox and marks the batch sent, all in one transaction: a crash
 * at any point leaves either all of it (a second send invites and mails nobody again) or none of it
 * (a second send does it all).
 */

/** The largest file; the presigned address and the reader both hold to it. */
export const MAX_BATCH_BYTES = 5 * 1024 * 1024
/** How long the upload address works. */
const UPLOAD_SECONDS = 15 * 60
const DEFAULT_PREVIEW_PAGE = 50

type BatchView = components['schemas']['InvitationBatch']

/** The rows whose address is good for a class being built: new people, and the organization's students or invited people. */
const ADDRESS_STATUSES: ReadonlySet<BatchView['results'][number]['status']> = new Set(['ok', 'member', 'invited'])

/** The batch a call is about, when the authorization table lets `me` do `operation` on its organization. */
const batchFor = async (db: Executor, t: Translator, me: UserRow, id: number, operation: OperationId, lock = false) => {
  const base = db.select().from(invitationBatches).where(eq(invitationBatches.id, id))
  const [batch] = lock ? await base.for('update') : await base
  if (!batch) throw notFound(t.api.notFound())
  const { organization } = await organizationFor(db, t, me, batch.organizationId, operation)
  return { batch, organization }
}

/** Reads the uploaded file of a batch into rows, once; a refused file stays refused (the admin starts again). */
export const readBatchFile = async (app: AppContext, t: Translator, batch: InvitationBatchRow): Promise<StoredRow[]> => {
  const stored = await app.storage.get(batch.fileKey)
  if (!stored) throw detailError(409, t.invitationImport.notUploaded(), 'not_uploaded')
  const column = columnOf(batch.kind as BatchKind)
  try {
    const read = await readSpreadsheet(stored.body, batch.fileName, { columns: [column], maxBytes: MAX_BATCH_BYTES, maxRows: MAX_BATCH_ROWS })
    return read.map(({ number, values }) => ({ number, column: column.key, value: values[column.key] }))
  } catch (error) {
    if (error instanceof SpreadsheetError) throw spreadsheetRefusal(t, error, { maxBytes: MAX_BATCH_BYTES, maxRows: MAX_BATCH_ROWS })
    throw error
  }
}

/**
 * The batch's rows, reading its file the first time. The file is deleted by the caller once the rows are
 * stored for good (`read`): deleted inside a transaction that then rolls back (or a process killed
 * before it commits), it would leave a batch with neither file nor rows.
 */
const rowsOf = async (
  app: AppContext,
  t: Translator,
  db: Executor,
  batch: InvitationBatchRow,
): Promise<{ batch: InvitationBatchRow; rows: StoredRow[]; read: boolean }> => {
  if (batch.rows) return { batch, rows: batch.rows as StoredRow[], read: false }
  const rows = await readBatchFile(app, t, batch)
  const [saved] = await db.update(invitationBatches).set({ rows }).where(eq(invitationBatches.id, batch.id)).returning()
  return { batch: saved!, rows, read: true }
}

/** Deletes the file of a batch whose rows were stored for good. */
const deleteReadFile = async (app: AppContext, batch: InvitationBatchRow, read: boolean) => {
  if (read) await app.storage.delete(batch.fileKey)
}

interface PreviewQuery {
  page?: number
  page_size?: number
  filter?: 'all' | 'ok' | 'problems'
}

/** The preview of a batch for the person who would send it: every row checked now, one page of them. */
export const batchView = async (
  db: Executor,
  batch: InvitationBatchRow,
  rows: readonly StoredRow[],
  inviter: Pick<UserRow, 'email'>,
  now: Date,
  query: PreviewQuery = {},
): Promise<BatchView> => {
  const checked = await checkBatchRows(db, batch, rows, inviter, now)
  const counts = emptyCounts()
  for (const line of checked) counts[line.status]++
  const filter = query.filter ?? 'all'
  const shown = filter === 'all' ? checked : checked.filter((line) => (line.status === 'ok') === (filter === 'ok'))
  const paging = pagingOf({ page: query.page, page_size: query.page_size ?? DEFAULT_PREVIEW_PAGE })
  const url = `/v1/invitations/batch/${batch.id}/?${new URLSearchParams({ filter, page_size: String(paging.size) })}`
  return {
    id: batch.id,
    organization: batch.organizationId,
    group: batch.groupId,
    role: batch.role,
    kind: batch.kind as BatchKind,
    file_name: batch.fileName,
    created_at: batch.createdAt.toISOString(),
    sent_at: batch.sentAt?.toISOString() ?? null,
    invited: batch.invited,
    total: checked.length,
    counts,
    emails: checked.filter((line) => line.status === 'ok').map((line) => line.email!),
    addresses: checked.filter((line) => ADDRESS_STATUSES.has(line.status)).map((line) => line.email!),
    ...pageOf(url, paging, shown.length, shown.slice(paging.offset, paging.offset + paging.size).map(rowView)),
  }
}

/**
 * The preview with the organization's invitations today against the `ok` rows a send would mail, so
 * that the admin sees before sending whether it would be refused (a send over them is refused whole).
 */
const withAllowance = async (app: AppContext, organization: OrganizationRow, view: BatchView): Promise<BatchView> =>
  view.sent_at ? view : { ...view, invitation_allowance: await invitationAllowance(app.db, organization, app.config.rateLimit, app.clock(), view.emails.length) }

/** POST /v1/invitations/batch/ */
export const createInvitationBatch: Handler<'createInvitationBatch'> = async (call) => {
  const { app, t, body } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, body.organization, 'createInvitationBatch')
  const contentType = uploadTypeOf(body.content_type, body.file_name)
  if (!contentType) throw detailError(415, t.validation.fileTypeNotAllowed(), 'file_type')
  if (body.file_size > MAX_BATCH_BYTES) throw detailError(413, t.invitationImport.fileTooLarge({ max: MAX_BATCH_BYTES / 1024 }), 'too_large')
  // the class the people join must be one of this organization's (a class of another answers as none)
  if (body.group != null && (await findGroup(app.db, body.group))?.organizationId !== organization.id) throw fieldErrors({ group: t.api.notFound() })
  const now = app.clock()
  const extension = contentType === 'text/csv' ? 'csv' : 'xlsx'
  const fileKey = `invitation-batches/${organization.id}/${newKeyPart()}.${extension}`
  const [batch] = await app.db
    .insert(invitationBatches)
    .values({
      organizationId: organization.id,
      createdBy: me.id,
      createdAt: now,
      kind: body.kind ?? 'emails',
      role: body.role ?? 'student',
      groupId: body.group ?? null,
      fileName: body.file_name.trim(),
      fileKey,
    })
    .returning()
  const expiresAt = secondsAfter(now, UPLOAD_SECONDS)
  const url = await app.storage.presignUpload({ key: fileKey, contentType, size: body.file_size, expiresAt })
  call.reply.code(201)
  return { id: batch!.id, presigned_url: url, content_type: contentType, expires_at: expiresAt.toISOString() }
}

/** GET /v1/invitations/batch/{uploadId}/ */
export const getInvitationBatch: Handler<'getInvitationBatch'> = async (call) => {
  const { app, t, params, query } = call
  const { user: me } = requireAuth(call)
  const found = await batchFor(app.db, t, me, params.uploadId, 'getInvitationBatch')
  const { batch, rows, read } = await rowsOf(app, t, app.db, found.batch)
  await deleteReadFile(app, batch, read)
  return withAllowance(app, found.organization, await batchView(app.db, batch, rows, me, app.clock(), query))
}

const unsent = (t: Translator, batch: InvitationBatchRow) => {
  if (batch.sentAt) throw detailError(409, t.invitationImport.alreadySent(), 'already_sent')
}

/** PUT /v1/invitations/batch/{uploadId}/ */
export const replaceInvitationBatch: Handler<'replaceInvitationBatch'> = async (call) => {
  const { app, t, params, body } = call
  const { user: me } = requireAuth(call)
  const { batch, organization } = await batchFor(app.db, t, me, params.uploadId, 'replaceInvitationBatch')
  unsent(t, batch)
  const rows: StoredRow[] = body.emails.map((value, index) => ({ number: index + 1, column: null, value: value.trim() }))
  if (rows.length === 0) throw badRequest(t.invitationImport.empty(), 'empty')
  const [saved] = await app.db
    .update(invitationBatches)
    .set({ rows, ...(body.role ? { role: body.role } : {}), ...(body.group !== undefined ? { groupId: body.group } : {}) })
    .where(eq(invitationBatches.id, batch.id))
    .returning()
  if (!batch.rows) await app.storage.delete(batch.fileKey)
  return withAllowance(app, organization, await batchView(app.db, saved!, rows, me, app.clock()))
}

/** PATCH /v1/invitations/batch/{uploadId}/ */
export const updateInvitationBatch: Handler<'updateInvitationBatch'> = async (call) => {
  const { app, t, params, body } = call
  const { user: me } = requireAuth(call)
  const found = await batchFor(app.db, t, me, params.uploadId, 'updateInvitationBatch')
  unsent(t, found.batch)
  const { rows, read } = await rowsOf(app, t, app.db, found.batch)
  await deleteReadFile(app, found.batch, read)
  const [saved] = await app.db
    .update(invitationBatches)
    .set({ ...(body.role ? { role: body.role } : {}), ...(body.group !== undefined ? { groupId: body.group } : {}) })
    .where(eq(invitationBatches.id, found.batch.id))
    .returning()
  return withAllowance(app, found.organization, await batchView(app.db, saved!, rows, me, app.clock()))
}

/**
 * Invites the `ok` rows of a batch in one transaction; the batch row is locked, so of two sends at once
 * the second waits, then finds the batch sent and invites nobody.
 */
const sendBatch = async (call: Call<'sendInvitationBatch'> | Call<'sendInvitationBatchUsers'>, operation: 'sendInvitationBatch' | 'sendInvitationBatchUsers') => {
  const { app, t, params, locale } = call
  const body = call.body
  const { user: me } = requireAuth(call)
  const now = app.clock()
  let readNow: InvitationBatchRow | undefined
  const view = await commitThenSend(app, async (tx) => {
    const found = await batchFor(tx, t, me, params.uploadId, operation, true)
    const wanted: BatchKind = operation === 'sendInvitationBatch' ? 'emails' : 'user_ids'
    if (found.batch.kind !== wanted) {
      throw detailError(409, wanted === 'emails' ? t.invitationImport.sendAsUserIds() : t.invitationImport.sendAsEmails(), 'wrong_kind')
    }
    const { batch, rows, read } = await rowsOf(app, t, tx, found.batch)
    if (read) readNow = batch
    if (batch.sentAt) return batchView(tx, batch, rows, me, now)
    const preview = await batchView(tx, batch, rows, me, now)
    if (preview.emails.length === 0) throw badRequest(t.invitationImport.nobodyToInvite(), 'nobody_to_invite')
    const consent = body.auto_join === 1 || body.consent === true
    const invitation = { invitedBy: me.id, now, ttlSeconds: app.config.invitationTtl, quota: invitationQuota(app, t) }
    const groupId = classOf(batch)
    // a class's list goes as the wizard's and the pasted addresses do: its students join, the others are invited
    const { issued, joined } =
      groupId === null
        ? {
            issued: await storeInvitationBatch(tx, preview.emails.map((email) => ({ organizationId: batch.organizationId, email })), {
              ...invitation,
              role: batch.role,
              groupId: batch.groupId,
              autoJoin: consent,
            }),
            joined: undefined,
          }
        : await enrollStudents(tx, { ...invitation, organizationId: batch.organizationId, groupId, emails: preview.emails, consent }).then(
            (enrolled) => ({ issued: enrolled.issued, joined: enrolled.joined.length }),
          )
    const [sent] = await tx
      .update(invitationBatches)
      .set({ sentAt: now, invited: issued.length })
      .where(eq(invitationBatches.id, batch.id))
      .returning()
    // with a class, the rows as they were sent: checked again, the ones who joined would be in it already
    // the mails in the same transaction, a few hundred a statement: the outbox's worker sends them once it committed
    await mailInvitations(app, tx, found.organization, issued, me, locale)
    return joined === undefined ? batchView(tx, sent!, rows, me, now) : { ...preview, sent_at: now.toISOString(), invited: issued.length, joined }
  })
  if (readNow) await deleteReadFile(app, readNow, true)
  return view
}

/** POST /v1/invitations/batch/{uploadId}/send/ */
export const sendInvitationBatch: Handler<'sendInvitationBatch'> = (call) => sendBatch(call, 'sendInvitationBatch')

/** POST /v1/invitations/batch/{uploadId}/send_elsa_user/ */
export const sendInvitationBatchUsers: Handler<'sendInvitationBatchUsers'> = (call) => sendBatch(call, 'sendInvitationBatchUsers')

/** GET /v1/invitations/batch/template/ */
export const getInvitationBatchTemplate: Handler<'getInvitationBatchTemplate'> = async (call) => {
  const { t, query, reply } = call
  requireAuth(call)
  const format = query.format ?? 'csv'
  const kind = query.kind ?? 'emails'
  const rows = kind === 'emails' ? [[t.invitationImport.column.email()], [t.invitationImport.exampleEmail()]] : [[t.invitationImport.column.user_id()], ['12345']]
  const bytes = await writeSpreadsheet(format, rows)
  const name = kind === 'emails' ? 'user-list' : 'user-id-list'
  await reply
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .send(bytes)
}

/** Batches (sent or not) are kept this long after they were made, like the organization imports. */
export const BATCH_KEPT_DAYS = 7

/** Deletes the batches made more than BATCH_KEPT_DAYS ago, with the files never read (maintenance.ts); answers how many. */
export const purgeInvitationBatches = async (app: AppContext, now: Date): Promise<number> => {
  const before = new Date(now.getTime() - BATCH_KEPT_DAYS * 24 * 60 * 60 * 1000)
  const purged = await app.db
    .delete(invitationBatches)
    .where(lt(invitationBatches.createdAt, before))
    .returning({ fileKey: invitationBatches.fileKey, rows: invitationBatches.rows })
  // a file is deleted once read into rows; the others are still in storage
  for (const batch of purged) if (batch.rows === null) await app.storage.delete(batch.fileKey)
  return purged.length
}
