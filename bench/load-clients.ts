/**
 * The load bench's clients (load.bench.ts), in a process of their own: in the server's process they shared
 * its event loop, and on PGlite (whose queries run on that loop) some requests reached the server only when
 * the load stopped, so a p99 of the whole run measured the generator, not the server. The bench forks this
 * file (LOAD_BENCH_CHILD=1) and sends it a Plan; it answers the outcomes of every request.
 *
 * Each client sends one request after another on its own keep-alive connection (as a browser tab), of a
 * kind drawn by weight; see load.bench.ts for the kinds.
 */
import { Agent, request as httpRequest } from 'node:http'
import { Temporal } from 'temporal-polyfill'
import { seededRandom } from '../server/dev/practice-generator.js'

/** Kinds by weight (out of 100; a teacher's invitation is a list read instead). */
export const WEIGHTS = { list: 45, report: 40, login: 5, invite: 5, practice: 5 } as const
export type Kind = keyof typeof WEIGHTS
export const KINDS = Object.keys(WEIGHTS) as Kind[]

export interface PlannedClient {
  email: string
  password: string
  admin: boolean
  token: string
  /** Its organization's number (as the seed numbers them), for the invitees' addresses. */
  index: number
  organization: { id: number; timeZone: string; classes: number[]; learnerTokens: string[] }
  /** The classes it may read: all of them for an admin, a teacher's own. */
  classes: number[]
}

export interface Plan {
  base: string
  seconds: number
  clients: PlannedClient[]
}

export interface Outcome {
  kind: Kind
  ms: number
  error?: string
}

export interface Answer {
  status: number
  text: string
}

/** One HTTP call on `agent`'s connection. */
export const call = (agent: Agent, base: string, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const outgoing = httpRequest(
      new URL(path, base),
      {
        method,
        agent,
        headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) },
      },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
        incoming.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(payload)
  })

const DAY = 24 * 60 * 60 * 1000
const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!

/** Runs the plan's clients for its seconds; answers every request's outcome and the seconds it took. */
export const drive = async ({ base, seconds, clients }: Plan): Promise<{ outcomes: Outcome[]; elapsed: number }> => {
  const outcomes: Outcome[] = []
  let invited = 0
  let practised = 0
  let deadline = 0

  const request = async (client: PlannedClient, agent: Agent, kind: Kind, random: () => number): Promise<Answer> => {
    const { organization } = client
    const get = (path: string) => call(agent, base, 'GET', path, { authorization: `Bearer ${client.token}` })
    const post = (path: string, body: unknown, token?: string) => call(agent, base, 'POST', path, token ? { authorization: `Bearer ${token}` } : {}, body)
    switch (kind) {
      case 'list': {
        const page = 1 + Math.floor(random() * 4)
        const lists = [
          `/v1/organizations/${organization.id}/students?page=${page}`,
          `/v1/groups/${organization.id}/`,
          `/v1/groups/${pick(client.classes, random)}/users`,
          ...(client.admin ? [`/v1/organizations/${organization.id}/users?page=${page}`] : []),
        ]
        return get(pick(lists, random))
      }
      case 'report': {
        const to = Temporal.Now.plainDateISO(organization.timeZone)
        const days = random() < 0.5 ? 30 : 90
        const range = `from=${to.subtract({ days: days - 1 })}&to=${to}&scope=${days === 30 ? 'daily' : 'weekly'}`
        // the organization's report is its admins'
        return random() < 0.6 || !client.admin
          ? get(`/v1/reports/groups/${pick(client.classes, random)}/?${range}`)
          : get(`/v1/reports/organizations/${organization.id}/?${range}`)
      }
      case 'login': {
        const answer = await post('/v1/accounts/login-legacy/', { email: client.email, password: client.password })
        if (answer.status === 200) client.token = (JSON.parse(answer.text) as { token: string }).token
        return answer
      }
      case 'invite': {
        const email = `invitee-${client.index}-${++invited}@load.bench.example`
        return post('/v1/accounts/invite/', { organization: organization.id, role: 'student', emails: [email] }, client.token)
      }
      case 'practice': {
        const at = Date.now() - Math.floor(random() * 3) * DAY
        const number = ++practised
        const events = Array.from({ length: 5 }, (_, i) => ({
          client_event_id: `load-${number}-${i}`,
          kind: 'lesson',
          occurred_at: new Date(at - i * 60_000).toISOString(),
          module_name: 'Everyday English',
          lesson_name: `Lesson ${number % 40}`,
          difficulty_level: 'intermediate',
          seconds: 60 + (number % 600),
          native_score: number % 101,
        }))
        return post('/v1/practice/events/', { events }, pick(organization.learnerTokens, random))
      }
    }
  }

  // each client's connection, opened before the clock starts
  const agents = clients.map(() => new Agent({ keepAlive: true, maxSockets: 1 }))
  for (const agent of agents) await call(agent, base, 'GET', '/v1/health', {})
  const worker = async (client: PlannedClient, seed: number, agent: Agent) => {
    const random = seededRandom(seed)
    try {
      while (performance.now() < deadline) {
        let roll = random() * 100
        let kind: Kind = 'list'
        for (const candidate of KINDS) {
          if (roll < WEIGHTS[candidate]) {
            kind = candidate
            break
          }
          roll -= WEIGHTS[candidate]
        }
        if (kind === 'invite' && !client.admin) kind = 'list'
        const started = performance.now()
        try {
          const { status, text } = await request(client, agent, kind, random)
          const ms = performance.now() - started
          outcomes.push(status >= 200 && status < 300 ? { kind, ms } : { kind, ms, error: `${status} ${text.slice(0, 160)}` })
        } catch (error) {
          outcomes.push({ kind, ms: performance.now() - started, error: String(error).slice(0, 160) })
        }
      }
    } finally {
      agent.destroy()
    }
  }
  const started = performance.now()
  deadline = started + seconds * 1000
  await Promise.all(clients.map((client, i) => worker(client, 1000 + i, agents[i]!)))
  return { outcomes, elapsed: (performance.now() - started) / 1000 }
}

if (process.env.LOAD_BENCH_CHILD === '1' && process.send) {
  process.once('message', (plan: Plan) => {
    void drive(plan).then((result) => process.send!(result, () => process.exit(0)))
  })
}
