/**
 * The link of an invitation mail: `<PUBLIC_URL>/invite/<token>`, short and opaque. The token is the
 * invitation's secret (only its hash is stored); the page of the link asks the server
 * (GET /v1/invitations/validate/{token}/) for what it stands for: the spec's invitation payload.
 */
export const inviteLink = (publicUrl: string, token: string): string => `${publicUrl}/invite/${encodeURIComponent(token)}`
