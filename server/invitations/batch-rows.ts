import { fullFormats } from 'ajv-formats/dist/formats.js'
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import { locales } from '../../locales/i18n-util.js'
import { translatorFor } from '../../locales/server.js'
import { isOwnAddress } from '../auth/policy.js'
import { groupMembers, invitations, memberships, users, type InvitationBatchRow, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { inSlices } from '../services/import-rows.js'
import type { Column } from '../services/spreadsheets.js'
import { invitedToClass } from './class-invitation.js'

/**
 * The rows of a batch invitation and their staged preview (spec 000 §3 Batch invite upload; issue 7:
 * one line per row, nothing sent until confirmed). A row is checked in this order: its value (an
 * e-mail address as the invite call takes it, or a user id of an existing app user), a repeat of an
 * earlier row, the address of the person who previews or sends it (nobody invites themselves, as with
 * the invite call), then the organization: already a member with the role, already invited to it (a pending
 * invitation that has not expired; an expired one is renewed by sending). The organization checks are
 * a few queries for the whole list, so 10,000 rows preview in well under the 3 s bar (bench/).
 */

export type BatchKind = components['schemas']['InvitationBatchKind']
export type RowStatus = components['schemas']['InvitationBatchRowStatus']
type RowView = components['schemas']['InvitationBatchRow']

export type BatchColumn = 'email' | 'user_id'

/** A row as stored in invitation_batches.rows. */
export interface StoredRow {
  number: number
  /** The column the value was read from; null for a list given by PUT. */
  column: BatchColumn | null
  value: string
}

export const MAX_BATCH_ROWS = 10_000

/** The column of each kind: its header in every language of the interface, and the common English ones. */
export const columnOf = (kind: BatchKind): Column<BatchColumn> => {
  const key: BatchColumn = kind === 'emails' ? 'email' : 'user_id'
  const headers = locales.map((locale) => translatorFor(locale).invitationImport.column[key]())
  const english = kind === 'emails' ? ['email', 'e-mail', 'email address', 'e-mail address', 'mail'] : ['user_id', 'user id', 'id']
  return { key, header: key, aliases: [...new Set([...headers, ...english])], required: true }
}

/** The address check of the invite call (the contract's `email` format), so that both take the same addresses. */
const EMAIL = fullFormats.email as RegExp
/** A user id as the store has them. */
const USER_ID = /^[1-9]\d{0,9}$/
const MAX_ID = 2 ** 31 - 1

interface Checked {
  row: StoredRow
  email: string | null
  status: RowStatus
  duplicateOf: number | null
}

/** Every row of the batch, checked now against the organization and the person who would send it (`inviter`). */
export const checkBatchRows = async (
  db: Executor,
  batch: InvitationBatchRow,
  rows: readonly StoredRow[],
  inviter: Pick<UserRow, 'email'>,
  now: Date,
): Promise<Checked[]> => {
  const checked: Checked[] = []
  const firstOf = new Map<string, number>()
  const firstIs = (key: string, row: StoredRow): number | null => {
    const first = firstOf.get(key)
    if (first === undefined) firstOf.set(key, row.number)
    return first ?? null
  }

  if (batch.kind === 'emails') {
    for (const row of rows) {
      const email = row.value.trim().toLowerCase()
      if (!EMAIL.test(email)) {
        checked.push({ row, email: null, status: 'invalid_email', duplicateOf: null })
        continue
      }
      const duplicateOf = firstIs(email, row)
      checked.push({ row, email, status: duplicateOf === null ? 'ok' : 'duplicate', duplicateOf })
    }
  } else {
    const ids = rows.map((row) => (USER_ID.test(row.value.trim()) && Number(row.value) <= MAX_ID ? Number(row.value) : undefined))
    const wanted = [...new Set(ids.filter((id): id is number => id !== undefined))]
    const found = await inSlices(wanted, (slice) =>
      db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, slice)),
    )
    const emailOf = new Map(found.map(({ id, email }) => [id, email.toLowerCase()]))
    rows.forEach((row, index) => {
      const id = ids[index]
      if (id === undefined) return checked.push({ row, email: null, status: 'invalid_id', duplicateOf: null })
      const duplicateOf = firstIs(String(id), row)
      if (duplicateOf !== null) return checked.push({ row, email: emailOf.get(id) ?? null, status: 'duplicate', duplicateOf })
      const email = emailOf.get(id)
      checked.push({ row, email: email ?? null, status: email ? 'ok' : 'unknown_user', duplicateOf: null })
    })
  }

  const candidates = [...new Set(checked.filter((line) => line.status === 'ok').map((line) => line.email!))]
  const { members, invited } = await standing(db, batch, candidates, now)
  for (const line of checked) {
    if (line.status !== 'ok') continue
    if (isOwnAddress(inviter, line.email!)) line.status = 'own_address'
    else if (members.has(line.email!)) line.status = classOf(batch) === null ? 'member' : 'in_class'
    else if (invited.has(line.email!)) line.status = 'invited'
  }
  return checked
}

/** The class whose students a batch adds (spec 001 §6: the invite role for a class is student), if any. */
export const classOf = (batch: Pick<InvitationBatchRow, 'role' | 'groupId'>): number | null => (batch.role === 'student' ? batch.groupId : null)

/**
 * Of these (lower-case) addresses: who has the role in the organization, and who has a live invitation to
 * it. For a batch with a class, who is what the send would leave alone (roster.ts `enrollStudents`): a
 * member in the class already, an invitation that is for the class already; the organization's other
 * students and invitations are still to be added to it.
 */
const standing = async (db: Executor, batch: Pick<InvitationBatchRow, 'organizationId' | 'role' | 'groupId'>, emails: readonly string[], now: Date) => {
  const { organizationId, role } = batch
  const groupId = classOf(batch)
  const memberRows = await inSlices(emails, (slice) =>
    db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.organizationId, organizationId),
          eq(memberships.role, role),
          isNull(memberships.disabledAt),
          inArray(sql`lower(${users.email})`, slice),
          groupId === null
            ? undefined
            : sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groupId} and ${groupMembers.userId} = ${users.id})`,
        ),
      ),
  )
  const invitedRows = await inSlices(emails, (slice) =>
    db
      .select({ email: invitations.email })
      .from(invitations)
      .where(
        and(
          eq(invitations.organizationId, organizationId),
          eq(invitations.role, role),
          eq(invitations.status, 'pending'),
          gt(invitations.expiresAt, now),
          inArray(invitations.email, slice),
          groupId === null ? undefined : invitedToClass(groupId),
        ),
      ),
  )
  return { members: new Set(memberRows.map(({ email }) => email)), invited: new Set(invitedRows.map(({ email }) => email)) }
}

export const rowView = ({ row, email, status, duplicateOf }: Checked): RowView => ({
  number: row.number,
  column: row.column,
  value: row.value,
  email,
  status,
  duplicate_of: duplicateOf,
})

export const emptyCounts = (): Record<RowStatus, number> => ({
  ok: 0,
  invalid_email: 0,
  invalid_id: 0,
  duplicate: 0,
  member: 0,
  invited: 0,
  unknown_user: 0,
  own_address: 0,
  in_class: 0,
})
