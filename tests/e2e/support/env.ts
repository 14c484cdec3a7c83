/** The accounts the e2e servers start with (playwright.config.ts) and their settings. */
export const PLATFORM_ADMIN = { email: 'admin@example.com', password: 'admin-e2e-secret' } as const

/** Seconds a session lasts on the short-session server (playwright.config.ts, project short-session). */
export const SHORT_SESSION_TTL = 6
