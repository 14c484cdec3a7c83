import { and, eq, lt } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import type { Translator } from '../../locales/server.js'
import { requireAuth } from '../auth/authenticate.js'
import { enforce, relationToPlatform } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { organizationImports, organizations, type OrganizationImportRow, type OrganizationRow, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { ApiError, badRequest, detailError, notFound } from '../http/errors.js'
import { invitationMails, storeInvitationBatch } from '../invitations/issue.js'
import { commitThenSend } from '../services/outbox.js'
import {
  readSpreadsheet,
  SpreadsheetError,
  writeSpreadsheet,
  XLSX_CONTENT_TYPE,
  type SheetRow,
} from '../services/spreadsheets.js'
import { checkRows, createBodyOf, EXAMPLE_ROW, IMPORT_COLUMNS, type ImportColumn, type StoredRow } from './import-rows.js'
import { createOrganization as storeOrganization, newInvitationCode, type OrganizationValues } from './memberships.js'
import { profileValues } from './view.js'
import { invitationQuota } from '../invitations/quota.js'

/**
 * Organization import (DESIGN.md, spreadsheets): a file is staged into a preview with per-row errors,
 * and nothing is created until the admin who staged it confirms; the confirmation checks the rows again
 * and creates every organization with its owner's invitation in one transaction, or nothing.
 * An import is its stager's: another admin gets 404, as for one that does not exist.
 */

/** The largest file, as the contract's x-body-limit says; the reader checks it again. */
const MAX_BYTES = 5 * 1024 * 1024
export const MAX_IMPORT_ROWS = 10_000
/** How long a staged import (and the owners' addresses in it) is kept, confirmed or not. */
export const IMPORT_KEPT_DAYS = 7

type ImportView = components['schemas']['OrganizationImport']
type Me = Pick<UserRow, 'id' | 'email' | 'isSuperuser' | 'countryAdminLevel'>

const importView = async (db: Executor, t: Translator, me: Me, stored: OrganizationImportRow): Promise<ImportView> => {
  const rows = await checkRows(db, t, me, stored.rows as StoredRow[], stored.committedAt !== null)
  return {
    id: stored.id,
    file_name: stored.fileName,
    created_at: stored.createdAt.toISOString(),
    committed_at: stored.committedAt?.toISOString() ?? null,
    total: rows.length,
    with_errors: rows.filter((row) => row.errors.length > 0).length,
    rows,
  }
}

/** The reader's refusal of a file as the contract's answer, in the requester's language. */
const refusalOf = (t: Translator, error: SpreadsheetError): ApiError => {
  switch (error.problem) {
    case 'file_type':
      return detailError(415, t.validation.fileTypeNotAllowed(), 'file_type')
    case 'too_large':
      return detailError(413, t.api.bodyTooLarge({ max: MAX_BYTES / 1024 }))
    case 'too_many_rows':
      return badRequest(t.adminOrganizations.organizationImport.tooManyRows({ max: MAX_IMPORT_ROWS }), 'too_many_rows')
    case 'unreadable':
      return badRequest(t.adminOrganizations.organizationImport.unreadable(), 'unreadable')
    case 'empty':
      return badRequest(t.adminOrganizations.organizationImport.empty(), 'empty')
    case 'missing_columns':
      return badRequest(t.adminOrganizations.organizationImport.missingColumns({ columns: error.columns.join(', ') }), 'missing_columns')
  }
}

/** POST /v1/organizations/import/ */
export const stageOrganizationImport: Handler<'stageOrganizationImport'> = async (call) => {
  const { app, t, query, request } = call
  const { user: me } = requireAuth(call)
  enforce(t, 'stageOrganizationImport', relationToPlatform(me))
  let read: SheetRow<ImportColumn>[]
  try {
    read = await readSpreadsheet(request.body as Buffer, query.file_name, {
      columns: IMPORT_COLUMNS,
      maxBytes: MAX_BYTES,
      maxRows: MAX_IMPORT_ROWS,
    })
  } catch (error) {
    if (error instanceof SpreadsheetError) throw refusalOf(t, error)
    throw error
  }
  const rows: StoredRow[] = read.map(({ number, values }) => ({ number, values, organizationId: null }))
  const [stored] = await app.db
    .insert(organizationImports)
    .values({ createdBy: me.id, createdAt: app.clock(), fileName: query.file_name.trim(), rows })
    .returning()
  return importView(app.db, t, me, stored!)
}

/**
 * Creates the organizations, in this order, in a few statements; each gets a fresh join code as from
 * createOrganization (the rare one whose code was taken is made again on its own, with another code).
 */
const storeOrganizations = async (db: Executor, list: readonly OrganizationValues[]): Promise<OrganizationRow[]> => {
  const made: OrganizationRow[] = []
  for (let start = 0; start < list.length; start += 500) {
    const slice = list.slice(start, start + 500).map((values) => ({ ...values, invitationCode: newInvitationCode() }))
    const rows = await db.insert(organizations).values(slice).onConflictDoNothing({ target: organizations.invitationCode }).returning()
    const byCode = new Map(rows.map((row) => [row.invitationCode, row]))
    for (const { invitationCode, ...values } of slice) {
      // a code already taken is not stored; a code drawn twice in a slice is stored for its first row only
      const row = byCode.get(invitationCode)
      if (row) {
        byCode.delete(invitationCode)
        made.push(row)
      } else made.push(await storeOrganization(db, values))
    }
  }
  return made
}

/** The caller's own import, or 404. */
const ownImport = async (db: Executor, t: Translator, me: Me, id: number, lock = false) => {
  const where = and(eq(organizationImports.id, id), eq(organizationImports.createdBy, me.id))
  const base = db.select().from(organizationImports).where(where)
  const [stored] = lock ? await base.for('update') : await base
  if (!stored) throw notFound(t.api.notFound())
  return stored
}

/** GET /v1/organizations/import/{importId}/ */
export const getOrganizationImport: Handler<'getOrganizationImport'> = async (call) => {
  const { app, t, params } = call
  const { user: me } = requireAuth(call)
  enforce(t, 'getOrganizationImport', relationToPlatform(me))
  return importView(app.db, t, me, await ownImport(app.db, t, me, params.importId))
}

/** POST /v1/organizations/import/{importId}/confirm/ */
export const confirmOrganizationImport: Handler<'confirmOrganizationImport'> = async (call) => {
  const { app, t, params, locale } = call
  const { user: me } = requireAuth(call)
  enforce(t, 'confirmOrganizationImport', relationToPlatform(me))
  const now = app.clock()
  return commitThenSend(app, async (tx) => {
    // locked: a second confirmation waits for the first, then finds it committed
    const stored = await ownImport(tx, t, me, params.importId, true)
    const preview = await importView(tx, t, me, stored)
    if (stored.committedAt) return preview
    if (preview.with_errors > 0) {
      throw new ApiError(409, { detail: t.adminOrganizations.organizationImport.hasErrors(), code: 'import_has_errors', import: preview })
    }
    const stagedRows = stored.rows as StoredRow[]
    const bodies = stagedRows.map((row) => createBodyOf(row.values))
    const made = await storeOrganizations(
      tx,
      bodies.map((body) => ({ ...profileValues(body), isVerified: body.is_verified ?? false, createdAt: now })),
    )
    const issued = await storeInvitationBatch(
      tx,
      made.map((organization, index) => ({ organizationId: organization.id, email: bodies[index]!.owner_user })),
      { role: 'admin', invitedBy: me.id, now, ttlSeconds: app.config.invitationTtl, quota: invitationQuota(app, t) },
    )
    const rows: StoredRow[] = stagedRows.map((row, index) => ({ ...row, organizationId: made[index]!.id }))
    const [committed] = await tx
      .update(organizationImports)
      .set({ rows, committedAt: now })
      .where(eq(organizationImports.id, stored.id))
      .returning()
    // each owner's invitation mail with its organization, all in a few statements: the outbox's worker sends them once this committed
    await app.mailer.queue(tx, made.flatMap((organization, index) => invitationMails(app, organization, [issued[index]!], me, locale)))
    return importView(tx, t, me, committed!)
  })
}

/** GET /v1/organizations/import/template/ */
export const getOrganizationImportTemplate: Handler<'getOrganizationImportTemplate'> = async (call) => {
  const { t, query, reply } = call
  const { user: me } = requireAuth(call)
  enforce(t, 'getOrganizationImportTemplate', relationToPlatform(me))
  const format = query.format ?? 'csv'
  const header = IMPORT_COLUMNS.map((column) => column.header)
  const example = IMPORT_COLUMNS.map((column) => EXAMPLE_ROW[column.key])
  const bytes = await writeSpreadsheet(format, [header, example])
  await reply
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="organizations-template.${format}"`)
    .send(bytes)
}

/** Deletes the imports staged more than IMPORT_KEPT_DAYS before `now` (maintenance); the organizations made stay. */
export const purgeOrganizationImports = async (db: Executor, now: Date): Promise<number> => {
  const before = new Date(now.getTime() - IMPORT_KEPT_DAYS * 24 * 60 * 60 * 1000)
  const purged = await db.delete(organizationImports).where(lt(organizationImports.createdAt, before)).returning({ id: organizationImports.id })
  return purged.length
}
