import type { InvitePayload } from '../../machines/types'

/*
 * The ?invite= payload of /login and /signup. Apart from the invite-token flow (machines/invite-token.ts)
 * that checks it: the navigation guard reads it on every navigation, and the flow only comes with the
 * screens that check an invitation, not with the first load.
 */

/** The ?invite= value of /login and /signup for an invitation: the payload as base64url JSON of UTF-8. */
export function encodeInvite(payload: InvitePayload): string {
  const { token, organization_name, email, new_user } = payload
  const bytes = new TextEncoder().encode(JSON.stringify({ token, organization_name, email, new_user }))
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The ?invite= payload, or null when the text is not base64(url) UTF-8 JSON of the right shape. */
export function decodeInvite(raw: string): InvitePayload | null {
  const normalized = raw.trim().replace(/-/g, '+').replace(/_/g, '/')
  if (normalized === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(normalized)) return null
  try {
    const binary = atob(normalized + '='.repeat((4 - (normalized.length % 4)) % 4))
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
    const data: unknown = JSON.parse(text)
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return null
    const { token, organization_name, email, new_user } = data as Record<string, unknown>
    if (typeof token !== 'string' || token === '' || typeof email !== 'string') return null
    return {
      token,
      organization_name: typeof organization_name === 'string' ? organization_name : '',
      email,
      new_user: new_user === true,
    }
  } catch {
    return null
  }
}
