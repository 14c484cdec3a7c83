/**
 * `npm run bench`, the batch invitation import — not a test. A file of 10,000 addresses (some invalid,
 * some repeated, 2,000 already members and 2,000 already invited) is uploaded to its presigned address
 * and its preview asked for: the first GET reads the file and checks every row, against the bar
 * of 3 s, as a csv and as an xlsx. On embedded PGlite, and again on PostgreSQL when DATABASE_URL is set.
 */
import ExcelJS from 'exceljs'
import { createOrganization } from '../server/organizations/memberships.js'
import { storeInvitations } from '../server/invitations/issue.js'
import { memberships, users } from '../server/db/schema.js'
import { f, startBenchServer } from './support.js'

const ROWS = 10_000
const BAR_MS = 3000
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const addressOf = (i: number) => (i % 97 === 0 ? `broken-${i}@` : `learner${i % 9_900}@bench.example`)

const files = async (): Promise<Array<[name: string, type: string, bytes: Buffer]>> => {
  const lines = Array.from({ length: ROWS }, (_, i) => addressOf(i))
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Students')
  sheet.addRow(['E-mail'])
  for (const line of lines) sheet.addRow([line])
  return [
    ['students.csv', 'text/csv', Buffer.from(`E-mail\n${lines.join('\n')}\n`)],
    ['students.xlsx', XLSX, Buffer.from(await workbook.xlsx.writeBuffer())],
  ]
}

const run = async (onPostgres: boolean) => {
  const server = await startBenchServer({ onPostgres })
  try {
    const db = server.store.db
    const organization = await createOrganization(db, { name: 'Bench Import School', type: 'school', createdAt: new Date() })
    const people = Array.from({ length: 2_000 }, (_, i) => ({ firstName: 'Member', lastName: `${i}`, email: `learner${i}@bench.example`, confirmedAt: new Date() }))
    const ids = (await db.insert(users).values(people).returning({ id: users.id })).map((row) => row.id)
    await db.insert(memberships).values(ids.map((userId) => ({ userId, organizationId: organization.id, role: 'student' as const })))
    const admin = await server.login()
    await storeInvitations(db, {
      organizationId: organization.id,
      role: 'student',
      emails: Array.from({ length: 2_000 }, (_, i) => `learner${2_000 + i}@bench.example`),
      invitedBy: admin.user_id,
      now: new Date(),
      ttlSeconds: 3600,
    })
    const headers = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' }
    for (const [name, type, bytes] of await files()) {
      const created = await fetch(`${server.base}/v1/invitations/batch/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ file_size: bytes.length, content_type: type, organization: organization.id, file_name: name, role: 'student' }),
      })
      const { id, presigned_url } = (await created.json()) as { id: number; presigned_url: string }
      const url = new URL(presigned_url)
      const put = await fetch(`${server.base}${url.pathname}${url.search}`, { method: 'PUT', headers: { 'content-type': type }, body: new Uint8Array(bytes) })
      if (!put.ok) throw new Error(`upload failed: ${put.status}`)
      const start = performance.now()
      const preview = await fetch(`${server.base}/v1/invitations/batch/${id}/?page_size=50`, { headers })
      const body = (await preview.json()) as { total: number; counts: Record<string, number> }
      const first = performance.now() - start
      const again = performance.now()
      await fetch(`${server.base}/v1/invitations/batch/${id}/?page=100&page_size=50&filter=problems`, { headers })
      const later = performance.now() - again
      const verdict = first <= BAR_MS ? 'within' : 'OVER'
      console.log(
        `invitation import ${onPostgres ? 'PostgreSQL' : 'PGlite'} ${name}: ${body.total} rows read and previewed in ${f(first / 1000, 2)} s ` +
          `(${f(first / BAR_MS, 2)}x the 3 s bar, ${verdict}); a later page ${f(later / 1000, 2)} s; counts ${JSON.stringify(body.counts)}`,
      )
    }
  } finally {
    await server.close()
  }
}

await run(false)
if (process.env.DATABASE_URL) await run(true)
