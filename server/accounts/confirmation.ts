import type { UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { issueToken } from '../auth/one-time-tokens.js'

/** Confirmation links prove an address: the account's own, or the new one of an e-mail change. */

export const CONFIRM_TTL_SECONDS = 3 * 24 * 60 * 60
export const RESET_TTL_SECONDS = 60 * 60

export interface ConfirmPayload {
  /** The address this link confirms. */
  email: string
}

export const issueConfirmation = (db: Executor, user: Pick<UserRow, 'id'>, email: string, now: Date) =>
  issueToken(db, 'confirm', { userId: user.id, payload: { email } satisfies ConfirmPayload, ttlSeconds: CONFIRM_TTL_SECONDS, now })

/**
 * The undo link of an e-mail change, mailed to the old address when the change is asked for. It outlives
 * the confirmation link, so that a change already confirmed can still be undone.
 */
export const UNDO_EMAIL_TTL_SECONDS = 7 * 24 * 60 * 60

export interface UndoEmailPayload {
  /** The address the link was mailed to, which undoing restores. */
  previous: string
  /** The address asked for. */
  requested: string
}

export const issueEmailUndo = (db: Executor, user: Pick<UserRow, 'id'>, payload: UndoEmailPayload, now: Date) =>
  issueToken(db, 'undo-email', { userId: user.id, payload, ttlSeconds: UNDO_EMAIL_TTL_SECONDS, now })
