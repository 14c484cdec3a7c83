import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { addMembership } from '../../server/app.js'
import { dailyPractice, memberships, organizations, practiceEvents, sessions, users } from '../../server/db/schema.js'
import { learnerEvents, seededRandom } from '../../server/dev/practice-generator.js'
import { recordPracticeEvent, recordPracticeEvents, type PracticeEvent } from '../../server/practice/ingest.js'
import { ensurePracticePartitions } from '../../server/practice/partitions.js'
import { countRows, createOrganizationWithPeople, createUser, login, reportsCaughtUp, startServer, type TestServer } from './harness.js'

/**
 * The mobile app's ingestion call, POST /v1/practice/events/ (server/practice/ingest.ts): events stored
 * once whatever the retries, refused with a message per event and field, and counted on the learner's
 * local day in every organization where the learner is an active member, in the same statement.
 *
 * The server's clock stands at 2026-03-31 20:00 UTC: already 1 April in Tokyo (05:00), still 31 March in
 * Los Angeles (13:00). Los Angeles moved to summer time on 8 March 2026 at 02:00 (10:00 UTC).
 */

let server: TestServer
let la: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let tokyo: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let learner: { id: number; token: string }

const NOW = '2026-03-31T20:00:00Z'

beforeAll(async () => {
  server = await startServer({ now: NOW, membersSince: '2025-01-01T00:00:00Z' })
  la = await createOrganizationWithPeople(server, { name: 'Los Angeles School', prefix: 'la' })
  tokyo = await createOrganizationWithPeople(server, { name: 'Tokyo Academy', prefix: 'tyo' })
  await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, la.organization.id))
  await server.db.update(organizations).set({ timezone: 'Asia/Tokyo' }).where(eq(organizations.id, tokyo.organization.id))
  const user = await createUser(server, { email: 'learner@example.com', firstName: 'Lea' })
  await addMembership(server.db, user.id, la.organization.id, 'student')
  await addMembership(server.db, user.id, tokyo.organization.id, 'student')
  learner = { id: user.id, token: await login(server, user.email) }
})
afterAll(() => server.close())

let sequence = 0
const lesson = (occurredAt: string, extra: Record<string, unknown> = {}) => ({
  client_event_id: `lesson-${++sequence}`,
  kind: 'lesson',
  occurred_at: occurredAt,
  module_name: 'Everyday English',
  lesson_name: 'Ordering coffee',
  difficulty_level: 'beginner',
  seconds: 300,
  native_score: 80,
  ...extra,
})
const assessment = (occurredAt: string, eps: number, extra: Record<string, unknown> = {}) => ({
  client_event_id: `assessment-${++sequence}`,
  kind: 'assessment',
  occurred_at: occurredAt,
  eps,
  overall_score: 70,
  pronunciation: 68,
  intonation: 74,
  fluency: 71,
  skills: [{ name: 'TH sound', score: 55 }],
  ...extra,
})

const send = (events: unknown[], token = learner.token) => server.api('POST', '/v1/practice/events/', { token, body: { events } })
const sent = async (events: unknown[], token = learner.token) => {
  const reply = await send(events, token)
  expect(reply.status, reply.text).toBe(200)
  return reply.body as { results: { client_event_id: string; occurred_at: string; id: number; received_at: string }[] }
}

/** The learner's day as an organization sees it (undefined: no row). */
const day = async (organizationId: number, date: string, userId = learner.id) => {
  await reportsCaughtUp(server)
  const [row] = await server.db
    .select()
    .from(dailyPractice)
    .where(and(eq(dailyPractice.organizationId, organizationId), eq(dailyPractice.userId, userId), eq(dailyPractice.day, date)))
  return row
}

describe('recording', () => {
  it('stores a lesson and an assessment with the device time and the server time, and counts them on the day', async () => {
    const events = [lesson('2026-03-31T09:15:00-07:00', { seconds: 312, native_score: 78.5 }), assessment('2026-03-31T09:30:00-07:00', 64)]
    const body = await sent(events)
    expect(body.results).toHaveLength(2)
    expect(body.results[0]).toMatchObject({ client_event_id: events[0]!.client_event_id, occurred_at: '2026-03-31T16:15:00.000Z', received_at: '2026-03-31T20:00:00.000Z' })
    expect(body.results[1]!.id).toBeGreaterThan(body.results[0]!.id)
    expect(await day(la.organization.id, '2026-03-31')).toMatchObject({
      lessons: 1,
      seconds: 312,
      nativeScoreSum: 78.5,
      assessments: 1,
      epsSum: 64,
      firstEps: 64,
      lastEps: 64,
      lastActiveAt: new Date('2026-03-31T16:30:00Z'),
    })
  })

  it('is idempotent: the same events again answer the same ids and times and store and count nothing more', async () => {
    const events = [lesson('2026-03-30T10:00:00Z'), assessment('2026-03-30T11:00:00Z', 50)]
    const first = await sent(events)
    const before = { events: await countRows(server, 'practice_events'), day: await day(la.organization.id, '2026-03-30') }
    server.advance(60)
    // a retry of the whole batch, and one of its events again beside a new one
    expect(await sent(events)).toEqual(first)
    const mixed = await sent([events[1], lesson('2026-03-30T12:00:00Z')])
    expect(mixed.results[0]).toEqual(first.results[1])
    expect(mixed.results[1]!.received_at).toBe('2026-03-31T20:01:00.000Z')
    expect(await countRows(server, 'practice_events')).toBe(before.events + 1)
    expect(await day(la.organization.id, '2026-03-30')).toMatchObject({ lessons: before.day!.lessons + 1, assessments: 1, epsSum: 50 })
    // the same event twice in one batch is stored once
    const twice = lesson('2026-03-30T13:00:00Z')
    const doubled = await sent([twice, twice])
    expect(doubled.results[0]).toEqual(doubled.results[1])
    expect(await countRows(server, 'practice_events')).toBe(before.events + 2)
    server.advance(-60)
  })

  it('needs a session: anonymous is 401, and an event is always the caller\'s own', async () => {
    const anonymous = await server.api('POST', '/v1/practice/events/', { body: { events: [lesson('2026-03-31T10:00:00Z')] } })
    expect(anonymous.status).toBe(401)
    const mine = lesson('2026-03-31T10:00:00Z')
    await sent([mine])
    const [stored] = await server.db.select({ userId: practiceEvents.userId }).from(practiceEvents).where(eq(practiceEvents.clientEventId, mine.client_event_id))
    expect(stored).toEqual({ userId: learner.id })
    const refused = await send([{ ...lesson('2026-03-31T10:00:00Z'), user_id: la.admin.user.id }])
    expect(refused.status).toBe(400)
    expect(refused.body['events[0].user_id']).toEqual(['This field is not accepted.'])
  })
})

describe('validation', () => {
  const refused = async (events: unknown[]) => {
    // the rollups of the calls before are in: what follows compares this call's effect alone
    await reportsCaughtUp(server)
    const before = { events: await countRows(server, 'practice_events'), days: await countRows(server, 'daily_practice') }
    const reply = await send(events)
    expect(reply.status).toBe(400)
    expect({ events: await countRows(server, 'practice_events'), days: await countRows(server, 'daily_practice') }).toEqual(before)
    return reply.body as Record<string, string[]>
  }

  it('names the event and the field, and stores nothing of a batch with one wrong event', async () => {
    const body = await refused([
      lesson('2026-03-31T10:00:00Z'),
      lesson('2026-03-31T10:00:00Z', { seconds: -1, native_score: 101 }),
      assessment('2026-03-31T10:00:00Z', 50, { skills: [{ name: 'Stress', score: 100.5 }] }),
    ])
    expect(body).toEqual({
      'events[1].seconds': ['Give the seconds spent, from 0 to 86400 (one day).'],
      'events[1].native_score': ['Give a score from 0 to 100.'],
      'events[2].skills[0].score': ['Give a score from 0 to 100.'],
    })
  })

  it("asks for a kind's own fields and refuses the other kind's", async () => {
    const { native_score: _missing, ...withoutScore } = lesson('2026-03-31T10:00:00Z')
    const body = await refused([withoutScore, assessment('2026-03-31T10:00:00Z', 50, { seconds: 10 }), lesson('2026-03-31T10:00:00Z', { eps: 3 })])
    expect(body).toEqual({
      'events[0].native_score': ['Required for a lesson.'],
      'events[1].seconds': ['An assessment does not take this field: it belongs to a lesson.'],
      'events[2].eps': ['A lesson does not take this field: it belongs to an assessment.'],
    })
  })

  it('takes device times up to an hour ahead of the server and back 366 days, and says which limit a time passed', async () => {
    const body = await refused([lesson('2026-03-31T21:00:01Z'), lesson('2025-03-29T19:59:59Z')])
    expect(body).toEqual({
      'events[0].occurred_at': ["This time is more than an hour ahead of the server's clock. Check the date and time of the device."],
      'events[1].occurred_at': ['This time is more than 366 days ago: events that old are not taken.'],
    })
    expect(await refused([lesson('31/03/2026')])).toEqual({ 'events[0].occurred_at': ['This value is not in the expected format.'] })
    await sent([lesson('2026-03-31T21:00:00Z'), lesson('2025-03-30T20:00:00Z')])
  })

  it('takes 1 to 100 events, a client id of letters, digits and . _ : -, and blank names as missing', async () => {
    expect((await refused([])).events).toEqual(['This field is required.'])
    expect((await refused(Array.from({ length: 101 }, () => lesson('2026-03-31T10:00:00Z')))).events).toEqual(['Give at most 100 items.'])
    const body = await refused([lesson('2026-03-31T10:00:00Z', { client_event_id: 'a b', module_name: '  ' })])
    expect(body).toEqual({
      'events[0].client_event_id': ['Use at most 100 letters, digits and the signs . _ : - (a UUID, for example).'],
      'events[0].module_name': ['This field is required.'],
    })
  })
})

describe('rollups', () => {
  it('counts an event on the local day of each organization, across midnight and the summer-time change', async () => {
    const user = await createUser(server, { email: 'traveller@example.com' })
    await addMembership(server.db, user.id, la.organization.id, 'student')
    await addMembership(server.db, user.id, tokyo.organization.id, 'student')
    const token = await login(server, user.email)
    await sent(
      [
        // Los Angeles before the change is UTC-8: 07:30 UTC is 23:30 on 7 March, 08:30 UTC 00:30 on the 8th
        lesson('2026-03-08T07:30:00Z', { seconds: 1 }),
        lesson('2026-03-08T08:30:00Z', { seconds: 2 }),
        // after it UTC-7: 06:30 UTC on the 9th is 23:30 on the 8th, 07:30 UTC 00:30 on the 9th
        lesson('2026-03-09T06:30:00Z', { seconds: 4 }),
        lesson('2026-03-09T07:30:00Z', { seconds: 8 }),
      ],
      token,
    )
    const seconds = async (organizationId: number, date: string) => (await day(organizationId, date, user.id))?.seconds
    expect(await seconds(la.organization.id, '2026-03-07')).toBe(1)
    expect(await seconds(la.organization.id, '2026-03-08')).toBe(2 + 4)
    expect(await seconds(la.organization.id, '2026-03-09')).toBe(8)
    // Tokyo (UTC+9, no summer time) sees all four on 8 March (16:30, 17:30) and 9 March (15:30, 16:30)
    expect(await seconds(tokyo.organization.id, '2026-03-08')).toBe(1 + 2)
    expect(await seconds(tokyo.organization.id, '2026-03-09')).toBe(4 + 8)
    // now: 20:00 UTC on 31 March is 13:00 in Los Angeles and already 05:00 on 1 April in Tokyo
    await sent([lesson(NOW)], token)
    expect(await seconds(la.organization.id, '2026-03-31')).toBe(300)
    expect(await seconds(tokyo.organization.id, '2026-04-01')).toBe(300)
  })

  it('counts in no organization where the membership is disabled, once in one where the learner holds two roles', async () => {
    const user = await createUser(server, { email: 'two-roles@example.com' })
    await addMembership(server.db, user.id, la.organization.id, 'student')
    await addMembership(server.db, user.id, la.organization.id, 'teacher')
    await addMembership(server.db, user.id, tokyo.organization.id, 'student')
    await server.db
      .update(memberships)
      .set({ disabledAt: new Date(NOW) })
      .where(and(eq(memberships.userId, user.id), eq(memberships.organizationId, tokyo.organization.id)))
    await sent([lesson('2026-03-20T12:00:00Z')], await login(server, user.email))
    expect(await day(la.organization.id, '2026-03-20', user.id)).toMatchObject({ lessons: 1, seconds: 300 })
    expect(await day(tokyo.organization.id, '2026-03-20', user.id)).toBeUndefined()
  })

  it('counts in no deleted organization, and still in a disabled (inactive) one, which may be enabled again', async () => {
    const deleted = await createOrganizationWithPeople(server, { name: 'Closed School', prefix: 'closed' })
    const disabled = await createOrganizationWithPeople(server, { name: 'Paused School', prefix: 'paused' })
    const user = await createUser(server, { email: 'left-behind@example.com' })
    for (const place of [la, deleted, disabled]) await addMembership(server.db, user.id, place.organization.id, 'student')
    await server.db.update(organizations).set({ deletedAt: new Date(NOW) }).where(eq(organizations.id, deleted.organization.id))
    await server.db.update(organizations).set({ status: 'inactive' }).where(eq(organizations.id, disabled.organization.id))
    await sent([lesson('2026-03-21T12:00:00Z'), assessment('2026-03-21T13:00:00Z', 60)], await login(server, user.email))
    expect(await day(la.organization.id, '2026-03-21', user.id)).toMatchObject({ lessons: 1, assessments: 1 })
    expect(await day(disabled.organization.id, '2026-03-21', user.id)).toMatchObject({ lessons: 1, assessments: 1 })
    expect(await day(deleted.organization.id, '2026-03-21', user.id)).toBeUndefined()
    expect(await server.db.select().from(dailyPractice).where(eq(dailyPractice.organizationId, deleted.organization.id))).toEqual([])
  })

  it('keeps the first and last EPS of a day by their times when assessments arrive out of order', async () => {
    const date = '2026-03-25'
    await sent([assessment(`${date}T17:00:00Z`, 50)])
    await sent([assessment(`${date}T19:00:00Z`, 70), assessment(`${date}T15:00:00Z`, 40)])
    await sent([assessment(`${date}T18:00:00Z`, 60)])
    expect(await day(la.organization.id, date)).toMatchObject({
      assessments: 4,
      epsSum: 220,
      firstEps: 40,
      firstEpsAt: new Date(`${date}T15:00:00Z`),
      lastEps: 70,
      lastEpsAt: new Date(`${date}T19:00:00Z`),
      lastActiveAt: new Date(`${date}T19:00:00Z`),
    })
  })

  it('records through the same function outside the API (the demo and the seed), refusing what the API refuses', async () => {
    const event: PracticeEvent = {
      userId: learner.id,
      clientEventId: 'direct-1',
      occurredAt: new Date('2026-03-26T12:00:00Z'),
      kind: 'lesson',
      moduleName: 'Travel',
      lessonName: 'At the airport',
      difficultyLevel: 'advanced',
      seconds: 90,
      nativeScore: 55,
    }
    const first = await recordPracticeEvent(server.db, event, new Date(NOW))
    expect(first.inserted).toBe(true)
    expect(await recordPracticeEvent(server.db, event, new Date(NOW))).toEqual({ ...first, inserted: false })
    await expect(recordPracticeEvent(server.db, { ...event, clientEventId: 'direct-2', nativeScore: 120 }, new Date(NOW))).rejects.toThrow(/native_score/)
    expect(await day(tokyo.organization.id, '2026-03-26')).toMatchObject({ lessons: 1, seconds: 90, nativeScoreSum: 55 })
  })
})

describe('batches', () => {
  it('leave the same rollups as the same events recorded one by one, in any order (the seed and the demo record in batches)', async () => {
    const one = await createUser(server, { email: 'one-by-one@example.com' })
    const batched = await createUser(server, { email: 'batched@example.com' })
    for (const user of [one, batched]) await addMembership(server.db, user.id, la.organization.id, 'student')
    const events = learnerEvents(seededRandom(7), { userId: one.id, key: 'single', fromHourUtc: 14 }, new Date(NOW), 90)
    expect(events.filter((event) => event.kind === 'assessment').length).toBeGreaterThan(3)
    for (const event of events) await recordPracticeEvent(server.db, event, new Date(NOW))
    // the same events for the other learner, newest first, in batches of 7 (several days and assessments in one)
    const copies = events.map((event) => ({ ...event, userId: batched.id })).reverse()
    for (let start = 0; start < copies.length; start += 7) await recordPracticeEvents(server.db, copies.slice(start, start + 7), new Date(NOW))
    const days = async (userId: number) =>
      (await server.db.select().from(dailyPractice).where(eq(dailyPractice.userId, userId)).orderBy(dailyPractice.day)).map(({ userId: _, ...row }) => row)
    const expected = await days(one.id)
    expect(expected.length).toBeGreaterThan(5)
    // the sums are \`real\`: added in another order they may differ in the 7th digit
    const sums = (rows: typeof expected) => rows.map(({ nativeScoreSum, epsSum }) => [nativeScoreSum, epsSum])
    const actual = await days(batched.id)
    expect(actual.map((row) => ({ ...row, nativeScoreSum: 0, epsSum: 0 }))).toEqual(expected.map((row) => ({ ...row, nativeScoreSum: 0, epsSum: 0 })))
    sums(actual).forEach(([native, eps], i) => {
      expect(native).toBeCloseTo(sums(expected)[i]![0]!, 3)
      expect(eps).toBeCloseTo(sums(expected)[i]![1]!, 3)
    })
  })
})

describe('monthly partitions', () => {
  const partitionOf = async (clientEventId: string) => {
    const result = await server.db.execute(sql`select tableoid::regclass::text as partition from practice_events where client_event_id = ${clientEventId}`)
    return (result as unknown as { rows: { partition: string }[] }).rows[0]?.partition
  }

  it("puts an event in its month's partition, a month without one in the default, moved when the month is made", async () => {
    const march = lesson('2026-03-15T12:00:00Z')
    const february = lesson('2026-02-15T12:00:00Z')
    await sent([march, february])
    expect(await partitionOf(march.client_event_id)).toBe('practice_events_2026_03')
    expect(await partitionOf(february.client_event_id)).toBe('practice_events_default')
    expect(await ensurePracticePartitions(server.db, new Date('2026-02-01T00:00:00Z'), new Date('2026-03-01T00:00:00Z'))).toEqual(['practice_events_2026_02'])
    expect(await partitionOf(february.client_event_id)).toBe('practice_events_2026_02')
    // the moved event is still the same event: a retry finds it
    const again = await sent([february])
    expect(again.results[0]!.occurred_at).toBe('2026-02-15T12:00:00.000Z')
    expect(await countRows(server, `practice_events where client_event_id = '${february.client_event_id}'`)).toBe(1)
  })
})

describe("the caller's session, kept by the server, checked in the append's own statement (auth/authenticate.ts UncheckedSession)", () => {
  /** What sends the store's statements outside a transaction (PGlite's client, or the PostgreSQL pool). */
  const statements = () => (server.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
  const textOf = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? ''))
  const storedFor = (userId: number) => countRows(server, `practice_events where user_id = ${userId}`)
  const newLearner = async (email: string) => {
    const user = await createUser(server, { email })
    await addMembership(server.db, user.id, la.organization.id, 'student')
    return { id: user.id, token: await login(server, email) }
  }

  it('is one statement a call once kept: the append, without reading the versions first', async () => {
    const me = await newLearner('one-statement@example.com')
    await sent([lesson('2026-03-31T10:00:00Z')], me.token) // the session is kept from here on
    const spy = vi.spyOn(statements(), 'query')
    try {
      await sent([lesson('2026-03-31T11:00:00Z')], me.token)
      const texts = spy.mock.calls.map(textOf)
      expect(texts.filter((text) => text.includes('session_holds'))).toHaveLength(1)
      expect(texts.filter((text) => text.includes('scoped.version'))).toEqual([]) // the versions' (and the session's) statement
    } finally {
      spy.mockRestore()
    }
    expect(await storedFor(me.id)).toBe(2)
  })

  it('a session revoked, or an account disabled, since it was kept: the next call is 401 and stores nothing', async () => {
    const me = await newLearner('revoked-app@example.com')
    await sent([lesson('2026-03-31T10:00:00Z')], me.token)
    await sent([lesson('2026-03-31T10:05:00Z')], me.token) // kept
    await server.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, me.id))
    const refused = await send([lesson('2026-03-31T10:10:00Z')], me.token)
    expect(refused.status).toBe(401)
    expect(refused.body).toEqual({ detail: 'Session expired' })
    // refused events are no reason to skip the check: a lesson without its score, from the revoked session
    expect((await send([lesson('2026-03-31T10:15:00Z', { native_score: undefined })], me.token)).status).toBe(401)
    expect(await storedFor(me.id)).toBe(2)

    const again = await login(server, 'revoked-app@example.com')
    await sent([lesson('2026-03-31T10:20:00Z')], again)
    await server.db.update(users).set({ disabled: true }).where(eq(users.id, me.id))
    expect((await send([lesson('2026-03-31T10:25:00Z')], again)).status).toBe(401)
    expect(await storedFor(me.id)).toBe(3)
  })

  it("a change of the learner's account but not of the session: checked in full, and the events stored", async () => {
    const me = await newLearner('renamed-app@example.com')
    await sent([lesson('2026-03-31T10:00:00Z')], me.token)
    await server.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, me.id))
    await sent([lesson('2026-03-31T10:05:00Z')], me.token)
    expect(await storedFor(me.id)).toBe(2)
  })

  it('a kept session that has expired is refused', async () => {
    const me = await newLearner('expired-app@example.com')
    await sent([lesson('2026-03-31T10:00:00Z')], me.token)
    server.advance(60 * 60 * 24 * 365)
    try {
      expect((await send([lesson('2026-03-31T10:05:00Z')], me.token)).status).toBe(401)
    } finally {
      server.advance(-60 * 60 * 24 * 365)
    }
    expect(await storedFor(me.id)).toBe(1)
  })
})
