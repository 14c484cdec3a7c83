/**
 * The invite link's payload (`/login?invite=<base64url JSON>`): {token, organization_name, email, new_user}.
 * Decoding is pure and never throws; a link that does not decode is an invalid invitation.
 */
export type InvitePayload = {
  readonly token: string
  readonly organization_name: string
  readonly email: string
  readonly new_user: boolean
}

const base64ToText = (value: string): string => {
  const normalized = value.trim().replace(/-/g, '+').replace(/_/g, '/')
  const padded = normalized + '='.repeat((4 - (normalized.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
}

export const decodeInvite = (value: string | null | undefined): InvitePayload | null => {
  if (!value) return null
  try {
    const data: unknown = JSON.parse(base64ToText(value))
    if (typeof data !== 'object' || data === null) return null
    const { token, organization_name, email, new_user } = data as Record<string, unknown>
    if (typeof token !== 'string' || token === '' || typeof email !== 'string') return null
    return {
      token,
      organization_name: typeof organization_name === 'string' ? organization_name : '',
      email,
      new_user: new_user === true || new_user === 1 || new_user === 'true',
    }
  } catch {
    return null
  }
}

export const encodeInvite = (payload: InvitePayload): string => {
  const bytes = new TextEncoder().encode(JSON.stringify(payload))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
