import type { components } from '../../openapi/schema.js'

export type InvitePayload = components['schemas']['InvitePayload']

/** The `invite` value of /login: the payload as base64url JSON. */
export const encodeInvitePayload = (payload: InvitePayload): string =>
  Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')

export const inviteLink = (publicUrl: string, payload: InvitePayload): string =>
  `${publicUrl}/login?invite=${encodeInvitePayload(payload)}`
