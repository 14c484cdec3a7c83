import type { PracticeEvent } from '../practice/ingest.js'

/**
 * Made-up but plausible practice for the demo (demo.ts) and the benchmark's seed (scripts/seed.ts): a
 * learner practises on most days or on few, a few lessons at a time, and takes an assessment about once a
 * week, with an EPS that rises slowly. Everything comes from a seeded generator, so the same seed gives
 * the same events (relative to the same `now`).
 */

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const between = (random: () => number, min: number, max: number) => min + random() * (max - min)
const whole = (random: () => number, min: number, max: number) => Math.floor(between(random, min, max + 1))
const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!
const clampScore = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 10) / 10

const MODULES: Record<string, string[]> = {
  'Everyday English': ['Ordering coffee', 'Small talk', 'At the doctor', 'Giving directions', 'Shopping'],
  'Business English': ['Introducing yourself', 'Leading a meeting', 'Phone calls', 'Negotiating', 'Presenting numbers'],
  Travel: ['At the airport', 'Checking in', 'Asking for help', 'Restaurants', 'Public transport'],
  Sounds: ['TH sound', 'R and L', 'Vowel length', 'Word stress', 'Sentence rhythm'],
}
const MODULE_NAMES = Object.keys(MODULES)
const LEVELS = ['beginner', 'intermediate', 'advanced']
const SKILLS = ['TH sound', 'R and L', 'Vowel length', 'Word stress', 'Intonation patterns', 'Linking']

const DAY = 24 * 60 * 60 * 1000

export interface LearnerPlan {
  userId: number
  /** Distinguishes the learners' client event ids. */
  key: string
  /** The hours (UTC) the learner's practice falls between: daytime where the learner lives. */
  fromHourUtc: number
}

/**
 * The learner's events over the `days` days before `now` (none after it), in time order. The client
 * event ids are the learner's key and a counter, so that recording them again is a retry.
 */
export const learnerEvents = (random: () => number, plan: LearnerPlan, now: Date, days: number): PracticeEvent[] => {
  const diligence = between(random, 0.15, 0.95)
  const level = pick(random, LEVELS)
  const startEps = between(random, 25, 60)
  const growth = between(random, -0.02, 0.25)
  const events: PracticeEvent[] = []
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  let count = 0
  for (let day = days - 1; day >= 0; day--) {
    const elapsed = days - 1 - day
    const practises = random() < diligence
    const assesses = random() < 1 / 7
    if (!practises && !assesses) continue
    let at = today - day * DAY + (plan.fromHourUtc + between(random, 0, 10)) * 60 * 60 * 1000
    const lessons = practises ? whole(random, 1, 4) : 0
    for (let lesson = 0; lesson < lessons; lesson++) {
      const moduleName = pick(random, MODULE_NAMES)
      const seconds = whole(random, 90, 900)
      at += seconds * 1000 + whole(random, 10, 600) * 1000
      if (at > now.getTime()) break
      events.push({
        kind: 'lesson',
        userId: plan.userId,
        clientEventId: `${plan.key}-${++count}`,
        occurredAt: new Date(at),
        moduleName,
        lessonName: pick(random, MODULES[moduleName]!),
        difficultyLevel: level,
        seconds,
        nativeScore: clampScore(startEps + 15 + growth * elapsed + between(random, -12, 12)),
      })
    }
    if (!assesses) continue
    at += whole(random, 60, 1800) * 1000
    if (at > now.getTime()) continue
    const eps = clampScore(startEps + growth * elapsed + between(random, -4, 4))
    events.push({
      kind: 'assessment',
      userId: plan.userId,
      clientEventId: `${plan.key}-${++count}`,
      occurredAt: new Date(at),
      eps,
      overallScore: clampScore(eps + between(random, -5, 8)),
      pronunciation: clampScore(eps + between(random, -10, 10)),
      intonation: clampScore(eps + between(random, -10, 10)),
      fluency: clampScore(eps + between(random, -10, 10)),
      skills: SKILLS.filter(() => random() < 0.5).map((name) => ({ name, score: clampScore(eps + between(random, -20, 20)) })),
    })
  }
  return events
}
