import net from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership, buildApp, loadConfig, openStore } from '../../server/app.js'
import { dailyPractice, groupMembers, groups } from '../../server/db/schema.js'
import type { Store } from '../../server/db/store.js'
import {
  createOrganizationWithPeople,
  createUser,
  login,
  replicaCaughtUp,
  replicaPairOf,
  startServer,
  testConfig,
  type TestServer,
} from './harness.js'

/**
 * The read replica (issue 19 item 5, server/db/replica.ts) on a PostgreSQL primary and its hot standby, as
 * .ci/run starts them (DATABASE_URL and DATABASE_REPLICA_URL). The server reads its replica through a TCP
 * relay of this file, so that the test can make the standby unreachable for this server alone; pausing the
 * standby's replay (pg_wal_replay_pause) shows which reads lag, i.e. which go to the standby.
 */

const primaryUrl = process.env.DATABASE_URL
const standbyUrl = primaryUrl ? process.env.DATABASE_REPLICA_URL : undefined

describe('DATABASE_REPLICA_URL without DATABASE_URL', () => {
  it('is refused with a message saying why: PGlite has no replica', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://postgres@127.0.0.1:5433/postgres' })).toThrow(
      /DATABASE_REPLICA_URL needs DATABASE_URL.*PGlite/,
    )
    expect(loadConfig({}).databaseReplicaUrl).toBeUndefined()
  })
})

/** A TCP relay to the standby that can be cut (every connection dropped, new ones refused) and mended. */
const relayTo = async (target: URL) => {
  const sockets = new Set<net.Socket>()
  let cut = false
  const server = net.createServer((client) => {
    if (cut) return client.destroy()
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {})
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    url: `postgres://${target.username ? `${target.username}@` : ''}127.0.0.1:${port}${target.pathname}`,
    cut() {
      cut = true
      for (const socket of sockets) socket.destroy()
    },
    mend() {
      cut = false
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe.skipIf(!standbyUrl)('a read replica (skipped without DATABASE_URL and DATABASE_REPLICA_URL: a primary and its hot standby, as .ci/run starts them)', () => {
  let server: TestServer
  let relay: Awaited<ReturnType<typeof relayTo>>
  let standby: pg.Client
  let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
  let other: { id: number; token: string }
  let classId: number
  const warnings: string[] = []

  const replay = async (paused: boolean) => {
    await standby.query(paused ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()')
    for (;;) {
      const { rows } = await standby.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state')
      if ((rows[0]!.state === 'paused') === paused) return
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
  const classesOnDashboard = async (token: string, app = server) => {
    const reply = await app.api('GET', `/v1/organizations/${school.organization.id}/dashboard/`, { token })
    expect(reply.status, reply.text).toBe(200)
    return reply.body.counts.classes as number
  }
  const classesListed = async (token: string) => {
    const reply = await server.api('GET', `/v1/groups/${school.organization.id}/`, { token })
    expect(reply.status, reply.text).toBe(200)
    return reply.body.count as number
  }
  const minutesOnReport = async (token: string) => {
    const reply = await server.api('GET', `/v1/reports/groups/${classId}/?from=2026-03-01&to=2026-03-20&scope=monthly`, { token })
    expect(reply.status, reply.text).toBe(200)
    return (reply.body.student_time_activity as { total: number }[]).reduce((sum, row) => sum + row.total, 0)
  }
  const practice = (day: string, seconds: number) =>
    server.db.insert(dailyPractice).values({
      organizationId: school.organization.id,
      userId: school.student.user.id,
      day,
      lessons: 1,
      seconds,
      lastActiveAt: new Date(`${day}T12:00:00Z`),
    })

  beforeAll(async () => {
    relay = await relayTo(new URL(standbyUrl!))
    standby = new pg.Client({ connectionString: standbyUrl })
    await standby.connect()
    // this file's server reads the standby through the relay (the harness takes the replica's server from here)
    process.env.DATABASE_REPLICA_URL = relay.url
    try {
      server = await startServer({
        now: '2026-03-20T12:00:00Z',
        membersSince: '2026-01-01T00:00:00Z',
        logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } },
      })
    } finally {
      process.env.DATABASE_REPLICA_URL = standbyUrl
    }
    school = await createOrganizationWithPeople(server, { name: 'Replica School', prefix: 'rep' })
    const admin = await createUser(server, { email: 'second-admin@replica.example.com', firstName: 'Olga' })
    await addMembership(server.db, admin.id, school.organization.id, 'admin')
    other = { id: admin.id, token: await login(server, admin.email) }
    const [group] = await server.db
      .insert(groups)
      .values({ organizationId: school.organization.id, name: 'Phonics', ownerId: school.teacher.user.id, startDate: '2026-03-01', endDate: '2026-03-31' })
      .returning()
    classId = group!.id
    await server.db.insert(groupMembers).values({ groupId: classId, userId: school.student.user.id })
    await practice('2026-03-02', 600)
    await replicaCaughtUp(server)
  })

  afterAll(async () => {
    await standby?.query('select pg_wal_replay_resume()').catch(() => undefined)
    await standby?.end()
    await server?.close()
    await relay?.close()
  })

  it('reads reports and dashboards from the standby: with its replay paused they lag, and catch up when it resumes', async () => {
    expect(await minutesOnReport(school.admin.token)).toBe(10)
    expect(await classesOnDashboard(other.token)).toBe(1)
    await replay(true)
    try {
      await practice('2026-03-03', 1200)
      await server.db.insert(groups).values({ organizationId: school.organization.id, name: 'Grammar', startDate: '2026-03-01', endDate: '2026-03-31' })
      // written straight to the store (nobody's own write): the standby's answers lag behind the primary's
      expect(await minutesOnReport(school.admin.token)).toBe(10)
      expect(await minutesOnReport(school.teacher.token)).toBe(10)
      expect(await classesOnDashboard(other.token)).toBe(1)
      // everything else reads the primary: the class list has the new class already
      expect(await classesListed(other.token)).toBe(2)
    } finally {
      await replay(false)
    }
    await replicaCaughtUp(server)
    expect(await minutesOnReport(school.admin.token)).toBe(30)
    expect(await classesOnDashboard(other.token)).toBe(2)
  })

  it("sends a person's reads right after their own write to the primary, in every process, while the others' still lag", async () => {
    await replay(true)
    let second: Awaited<ReturnType<typeof buildApp>> | undefined
    let secondStore: Store | undefined
    try {
      const made = await server.api('POST', `/v1/groups/${school.organization.id}/`, {
        token: school.admin.token,
        body: { name: 'Reading', start_date: '2026-03-01', end_date: '2026-03-31' },
      })
      expect(made.status, made.text).toBe(201)
      // the writer sees it on its dashboard at once; the other admin's dashboard is the standby's, a write behind
      expect(await classesOnDashboard(school.admin.token)).toBe(3)
      expect(await classesOnDashboard(other.token)).toBe(2)
      expect(await classesListed(other.token)).toBe(3)

      // another server process on the same primary and standby: the writer's read goes to the primary there too
      const pair = replicaPairOf(server)!
      secondStore = await openStore({ databaseUrl: pair.databaseUrl, replicaUrl: pair.replicaUrl })
      second = await buildApp({ config: testConfig(), store: secondStore, clock: () => new Date('2026-03-20T12:00:00Z') })
      const onSecond = async (token: string) => {
        const reply = await second!.inject({ method: 'GET', url: `/v1/organizations/${school.organization.id}/dashboard/`, headers: { authorization: `Bearer ${token}` } })
        expect(reply.statusCode, reply.body).toBe(200)
        return (JSON.parse(reply.body) as { counts: { classes: number } }).counts.classes
      }
      expect(await onSecond(school.admin.token)).toBe(3)
      expect(await onSecond(other.token)).toBe(2)
    } finally {
      await replay(false)
      await second?.close()
      await secondStore?.close()
    }
    await replicaCaughtUp(server)
    expect(await classesOnDashboard(other.token)).toBe(3)
  })

  it('reads the primary, and says so in the log, when the standby does not answer', async () => {
    await replay(true)
    try {
      await practice('2026-03-04', 1800)
      expect(await minutesOnReport(school.admin.token)).toBe(30) // the standby's, paused
      relay.cut()
      // the same reads answer, from the primary: up to date, not an error
      expect(await minutesOnReport(school.admin.token)).toBe(60)
      expect(await classesOnDashboard(other.token)).toBe(3)
      const exported = await server.api('GET', `/v1/reports/groups/${classId}/export/?kind=activity&from=2026-03-01&to=2026-03-20`, { token: school.admin.token })
      expect(exported.status, exported.text).toBe(200)
      expect(warnings.join('\n')).toMatch(/the read replica does not answer: reports read the primary/)
    } finally {
      relay.mend()
      await replay(false)
    }
  })
})
