// `npm run seed -- --events 10000000 [--seed 1] [--via ingestion|bulk]`: fills the store of DATABASE_URL
// (PostgreSQL) or of DATA_DIR (PGlite, ./data) with organizations, classes, students and their practice, for
// the benchmark (server/dev/seed.ts). From BULK_FROM events on, the same events and rollups go in through
// the bulk path (server/dev/seed-bulk.ts): ten million through the ingestion would take some 20 minutes.
import { parseArgs } from 'node:util'
import { loadConfig } from '../server/config.js'
import { openStore } from '../server/db/store.js'
import { SEED_PASSWORD, seedPracticeStore } from '../server/dev/seed.js'

const BULK_FROM = 1_000_000

const { values } = parseArgs({
  options: { events: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' }, via: { type: 'string' } },
})
const events = Number(values.events)
const seed = Number(values.seed)
if (!Number.isInteger(events) || events < 1 || !Number.isInteger(seed) || (values.via && !['ingestion', 'bulk'].includes(values.via))) {
  console.error('seed: --events takes a whole number of at least 1, --seed a whole number, --via ingestion or bulk')
  process.exit(1)
}
const bulk = values.via ? values.via === 'bulk' : events >= BULK_FROM
const config = loadConfig()
if (config.production) {
  console.error('seed: refused with NODE_ENV=production (it fills a store with made-up people for the benchmark)')
  process.exit(1)
}
const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir })
console.log(`seed: ${events} events into ${store.driver} (${store.location}) through the ${bulk ? 'bulk path' : 'ingestion'}`)
let shown = 0
const summary = await seedPracticeStore(store.db, {
  events,
  seed,
  now: new Date(),
  concurrency: store.driver === 'postgres' ? 4 : 1,
  tag: Date.now().toString(36),
  bulk,
  onProgress: (recorded) => {
    if (recorded - shown < 100_000 && recorded < events) return
    shown = recorded
    console.log(`seed: ${recorded} events`)
  },
})
await store.close()
console.log(
  `seed: ${summary.organizations} organizations, ${summary.students} students, ${summary.events} events in ${summary.seconds.toFixed(1)} s ` +
    `(${Math.round(summary.events / summary.seconds)} events/s through the ${bulk ? 'bulk path' : 'ingestion'})`,
)
console.log(`seed: log in as ${summary.logins.join(' or ')} with the password "${SEED_PASSWORD}"`)
