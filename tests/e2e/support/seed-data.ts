/** What seed.ts writes into the fresh store, for the specs to use. */
export const SEED = {
  platformAdmin: { email: 'admin@example.com', password: 'admin-e2e-secret' },
  owner: { firstName: 'Olivia', lastName: 'Owner', email: 'olivia.owner@example.com', password: 'owner-e2e-secret' },
  organization: { name: 'Springfield High' },
} as const

/** Seconds a session lasts on the short-session server (playwright.config.ts, project short-session). */
export const SHORT_SESSION_TTL = 6
