/**
 * Seeds the fresh e2e store before the server starts (run by playwright.config.ts's webServer
 * command, then `server/main.ts` opens the same DATA_DIR).
 *
 * This slice of the API has no call that creates an organization (the platform admin's
 * create-organization dialog comes later), so the one organization the invitation journeys need
 * is written here with the server's own helpers, while no server holds the PGlite folder.
 * Everything else the tests need (accounts, invitations, sessions) goes through the real API.
 */
import { ensurePlatformAdmin, createOrganization, hashPassword, loadConfig, openStore } from '../../../server/app.js'
import { setPasswordHash } from '../../../server/accounts/queries.js'
import { users } from '../../../server/db/schema.js'
import { SEED } from './seed-data.js'

const config = loadConfig()
if (config.databaseUrl) throw new Error('the e2e seed expects the embedded store (no DATABASE_URL)')
const store = await openStore({ dataDir: config.dataDir })
try {
  // the platform admin first: main.ts creates it only on an empty store
  await ensurePlatformAdmin(store.db, config, new Date())
  const [owner] = await store.db
    .insert(users)
    .values({
      firstName: SEED.owner.firstName,
      lastName: SEED.owner.lastName,
      email: SEED.owner.email,
      confirmedAt: new Date(),
      language: 'en',
    })
    .onConflictDoNothing()
    .returning()
  if (owner) {
    await setPasswordHash(store.db, owner.id, await hashPassword(SEED.owner.password))
    await createOrganization(store.db, { name: SEED.organization.name, type: 'school', adminUserId: owner.id, isVerified: true })
    console.log(`e2e seed: ${SEED.organization.name} with its admin ${SEED.owner.email}`)
  }
} finally {
  await store.close()
}
