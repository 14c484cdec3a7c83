import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  customType,
} from 'drizzle-orm/pg-core'

/**
 * The store, one PostgreSQL schema. Migrations in ./migrations are generated from this file
 * by drizzle-kit (`npm run db:generate`) and applied at start on PGlite and PostgreSQL alike.
 */

const createdAt = (name = 'created_at') => timestamp(name, { withTimezone: true }).notNull().defaultNow()

export const roleEnum = pgEnum('role', ['student', 'teacher', 'admin'])
export const organizationTypeEnum = pgEnum('organization_type', ['school', 'company'])
export const organizationStatusEnum = pgEnum('organization_status', ['active', 'inactive'])
/** Specification §3, industry options. */
export const industryEnum = pgEnum('industry', [
  'aerospace',
  'transportation',
  'computer_software_internet',
  'telecommunication',
  'food_and_agriculture',
  'construction',
  'education',
  'healthcare',
  'travel_and_hospitality',
  'entertainment_news_media_music',
  'energy',
  'manufacturing',
  'fashion_and_clothing',
  'mining',
  'consulting_services',
  'other',
])
export const invitationStatusEnum = pgEnum('invitation_status', ['pending', 'accepted', 'revoked'])
export const tokenPurposeEnum = pgEnum('token_purpose', ['confirm', 'reset', 'social-ticket', 'oidc-state', 'undo-email'])
/** How a session was authenticated: with the password, or by a sign-in through the social provider. */
export const sessionMethodEnum = pgEnum('session_method', ['password', 'social'])

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    unconfirmedEmail: text('unconfirmed_email'),
    username: text('username'),
    phoneCode: text('phone_code'),
    phoneNumber: text('phone_number'),
    photoUrl: text('photo_url'),
    /** The storage key of the photo uploaded on the profile (accounts/<id>/photo-<random>); it wins over photo_url. */
    photoKey: text('photo_key'),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    countryAdminLevel: text('country_admin_level'),
    language: text('language').notNull().default('en'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    dateJoined: createdAt('date_joined'),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // the members list's sorts (lower(email) is the key above) and its substring search (pg_trgm, migration
    // 0009); a search in the first or the last name is a search in the full name
    index('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_first_name_lower_idx').on(sql`lower(${t.firstName})`),
    index('users_last_name_lower_idx').on(sql`lower(${t.lastName})`),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
)

/** A way to log in: a password (argon2id hash) or an OpenID Connect identity (issuer + subject). */
export const credentials = pgTable(
  'credentials',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credentials_password_user_key').on(t.userId).where(sql`${t.passwordHash} is not null`),
    uniqueIndex('credentials_oidc_key').on(t.oidcIssuer, t.oidcSubject).where(sql`${t.oidcSubject} is not null`),
    check(
      'credentials_one_kind',
      sql`(${t.passwordHash} is not null) <> (${t.oidcSubject} is not null and ${t.oidcIssuer} is not null)`,
    ),
  ],
)

/**
 * Bearer sessions; the token itself is never stored, only its SHA-256. `method` and `created_at` say how
 * and when the person proved who they are (a fresh social sign-in stands in for a password).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: sessionMethodEnum('method').notNull().default('password'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * Single-use secrets mailed or handed out: confirmation, password reset, social ticket, OIDC state, and
 * the undo link of an e-mail change mailed to the old address.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    purpose: tokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull().default({}),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
)

/**
 * The profile fields (industry, address, phone, timezone, ...) are null for an organization made
 * without a profile (made before they existed, or by a path that asks only name and type).
 */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The handle chosen at onboarding (createOwnOrganization), unique whatever its case; null for the others. */
  username: text('username'),
  type: organizationTypeEnum('type').notNull(),
  industry: industryEnum('industry'),
  address1: text('address_1'),
  address2: text('address_2'),
  city: text('city'),
  state: text('state'),
  postalCode: text('postal_code'),
  /** ISO 3166-1 alpha-2, upper-case. */
  country: text('country'),
  /** Dial code and number joined by a space: "+1 5551234567". */
  phone: text('phone'),
  /** An IANA time zone name. */
  timezone: text('timezone'),
  /** The join code (letters and digits), stored upper-case. */
  invitationCode: text('invitation_code').notNull().unique(),
  /** Off: the code (and its link and QR code) joins nobody, at sign-up or later; a reset code starts on. */
  joinCodeEnabled: boolean('join_code_enabled').notNull().default(true),
  /** On: joining by code as a student makes a join request that an admin approves, as a teacher's always does. */
  joinRequiresApproval: boolean('join_requires_approval').notNull().default(false),
  status: organizationStatusEnum('status').notNull().default('active'),
  isVerified: boolean('is_verified').notNull().default(false),
  /**
   * New invitations a day that a platform admin set for this organization; null: the default, which is
   * lower until the organization is verified (INVITATIONS_PER_DAY, INVITATIONS_PER_DAY_UNVERIFIED).
   */
  invitationsPerDay: integer('invitations_per_day'),
  /** The storage key of the logo (organizations/<id>/logo-<random>), null without one. */
  logoKey: text('logo_key'),
  createdAt: createdAt(),
  /** Set by a delete: hidden everywhere, restorable by a platform admin, purged 30 days later. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('organizations_username_lower_key').on(sql`lower(${t.username})`),
  // the admin list's sorts and country filter, among the organizations that are not deleted, and its
  // substring search (pg_trgm, migration 0009)
  index('organizations_name_lower_idx').on(sql`lower(${t.name})`, t.id).where(sql`${t.deletedAt} is null`),
  index('organizations_created_at_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
  index('organizations_country_idx').on(t.country, t.id).where(sql`${t.deletedAt} is null`),
  index('organizations_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  index('organizations_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
])

/** One row per (user, organization, role); a user may hold several roles in one organization. */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: createdAt(),
    /**
     * Set when an admin disabled the member: the same on every role row of the member in the
     * organization, which the member then reaches as if not a member (auth/roles.ts).
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * A teacher's department and title in the organization (teacher details): kept on the teacher role
     * row only, so they go with the teacher role when it is taken away.
     */
    department: text('department'),
    title: text('title'),
  },
  (t) => [
    unique('memberships_user_organization_role_key').on(t.userId, t.organizationId, t.role),
    index('memberships_organization_idx').on(t.organizationId, t.role),
    // an organization's members, each once (the members list and its count)
    index('memberships_organization_user_idx').on(t.organizationId, t.userId),
    check('memberships_department_length', sql`char_length(${t.department}) <= 100`),
    check('memberships_title_length', sql`char_length(${t.title}) <= 100`),
  ],
)

/**
 * A request to join an organization by its code, waiting for an admin: a teacher's always, a student's
 * when the organization requires approval. One per person and organization; approving makes the
 * membership with the requested role and deletes the row, refusing deletes it.
 */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('join_requests_organization_user_key').on(t.organizationId, t.userId)],
)

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    email: text('email').notNull(),
    role: roleEnum('role').notNull(),
    /**
     * Made to the organization itself (without a class), not only to classes: such an invitation stays
     * when its classes (invitation_groups) are withdrawn; one made only for classes goes with the last.
     */
    organizationWide: boolean('organization_wide').notNull().default(true),
    autoJoin: boolean('auto_join').notNull().default(false),
    tokenHash: text('token_hash').notNull().unique(),
    status: invitationStatusEnum('status').notNull().default('pending'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt('created'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it was last mailed again (a resend, or inviting the address again); null while only the first mail went. */
    resentAt: timestamp('resent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // one pending invitation per address and role in an organization: inviting again refreshes it, and
    // inviting to another class adds that class to it (invitation_groups); addresses are stored lower-case
    uniqueIndex('invitations_pending_key').on(t.organizationId, t.email, t.role).where(sql`${t.status} = 'pending'`),
  ],
)

/**
 * An import of organizations from a spreadsheet, staged: its rows as read (and, once confirmed, with the
 * ids of the organizations made from them), kept until the admin who staged it confirms it. Nothing
 * else is written before that; `committed_at` makes a second confirmation a no-op.
 */
export const organizationImports = pgTable('organization_imports', {
  id: serial('id').primaryKey(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  fileName: text('file_name').notNull(),
  /** The rows: `{number, values, organizationId}` each (server/organizations/import-rows.ts). */
  rows: jsonb('rows').notNull(),
  committedAt: timestamp('committed_at', { withTimezone: true }),
})

/**
 * A batch invitation from a file (server/invitations/batch*.ts): made with the address to upload the
 * file to; the file is read into `rows` the first time its preview is asked for; sent once.
 */
export const invitationBatches = pgTable('invitation_batches', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** `emails` or `user_ids`: what the file lists. */
  kind: text('kind').notNull(),
  role: roleEnum('role').notNull(),
  groupId: integer('group_id'),
  fileName: text('file_name').notNull(),
  /** Where the uploaded file is kept (storage key). */
  fileKey: text('file_key').notNull(),
  /** The rows read from the file (or the list that replaced them): `{number, column, value}` each; null until read. */
  rows: jsonb('rows'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** How many were invited when it was sent. */
  invited: integer('invited'),
})

/**
 * A class import (server/classes/import*.ts): made with the address to upload its xlsx to; the file is
 * read into `rows` the first time its preview is asked for (then deleted); `committed_at` is set in the
 * transaction that creates its classes, so a second confirmation creates nothing.
 */
export const classImports = pgTable('class_imports', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  fileName: text('file_name').notNull(),
  /** Where the uploaded file is kept (storage key) until it is read. */
  fileKey: text('file_key').notNull(),
  /** The rows read from the file: `{number, values, groupId}` each; null until read. */
  rows: jsonb('rows'),
  committedAt: timestamp('committed_at', { withTimezone: true }),
})

/**
 * A user import into classes (specification 001 §2 User import into classes): staged like a class import;
 * confirming it invites every row's address to its class, once.
 */
export const classUserImports = pgTable('class_user_imports', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  fileName: text('file_name').notNull(),
  /** Where the uploaded file is kept (storage key) until it is read. */
  fileKey: text('file_key').notNull(),
  /** The rows read from the file: `{number, values, outcome}` each; null until read. */
  rows: jsonb('rows'),
  /** The consent it was confirmed with. */
  consent: boolean('consent'),
  committedAt: timestamp('committed_at', { withTimezone: true }),
})

/**
 * A class (a team in a company), the spec's "group". Its status is not stored: it follows from the dates
 * in the organization's time zone and `is_draft` (server/classes/status.ts). A draft stays one until it
 * is saved again. `owner_id` is the teacher in charge; null: no teacher.
 */
/** The saved part of a draft class that has no column of its own (specification §3, class being built). */
export interface ClassDraft {
  teacherEmail: string | null
  students: string[]
  consent: boolean
  step: 'details' | 'goals' | 'students' | 'overview'
}

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    isDraft: boolean('is_draft').notNull().default(false),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** What a draft's wizard was given and not yet acted on (teacher, students, consent, the step it was left at); null once it is a class. */
    draft: jsonb('draft').$type<ClassDraft>(),
    /** The wizard's idempotency key: a second creation with it answers the first class (a double click makes one class). */
    creationKey: text('creation_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('groups_organization_idx').on(t.organizationId, t.createdAt),
    unique('groups_creation_key').on(t.organizationId, t.creationKey),
    index('groups_owner_idx').on(t.ownerId),
    check('groups_dates_in_order', sql`${t.startDate} <= ${t.endDate}`),
  ],
)

/** The students of a class. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [unique('group_members_group_user_key').on(t.groupId, t.userId), index('group_members_user_idx').on(t.userId)],
)

/**
 * The classes an invitation was made for (spec 001 §3 Invitation `group`, §7 GET /v1/invitations/group/{id}/):
 * one invitation of the organization per address and role, with every class it was sent for, so that a
 * person invited to two classes stays invited to both and joins both on acceptance.
 */
export const invitationGroups = pgTable(
  'invitation_groups',
  {
    invitationId: integer('invitation_id')
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.invitationId, t.groupId] }), index('invitation_groups_group_idx').on(t.groupId)],
)

/**
 * The goals of a class (the spec's "assignment"), at most one per class. `test_before_class_stats` is
 * the engagement days before the assessment counts; null: no assessment.
 */
export const assignments = pgTable(
  'assignments',
  {
    groupId: integer('group_id')
      .primaryKey()
      .references(() => groups.id, { onDelete: 'cascade' }),
    practiceDaysPerWeek: integer('practice_days_per_week').notNull().default(5),
    practiceMinutesPerDay: integer('practice_minutes_per_day').notNull().default(10),
    testBeforeClassStats: integer('test_before_class_stats').default(3),
    updatedAt: createdAt('updated_at'),
  },
  (t) => [
    check('assignments_days_range', sql`${t.practiceDaysPerWeek} between 1 and 7`),
    check('assignments_minutes_range', sql`${t.practiceMinutesPerDay} between 1 and 1000`),
  ],
)

export const practiceKindEnum = pgEnum('practice_kind', ['lesson', 'assessment'])

/**
 * What learners did in the mobile app, as it sent it (server/practice/ingest.ts): append-only, one row per
 * finished lesson or assessment. `client_event_id` with the device's `occurred_at` makes a retry the same
 * event. Reports never read these rows in bulk: they read `daily_practice`, kept current in the same
 * transaction; only one learner's lesson detail and assessment history read events.
 */
export const practiceEvents = pgTable(
  'practice_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientEventId: text('client_event_id').notNull(),
    kind: practiceKindEnum('kind').notNull(),
    /** When it happened, by the device's clock. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** When the server stored it. */
    receivedAt: createdAt('received_at'),
    /** Lessons: the module, the lesson, its level, the seconds spent and the overall native score (0–100). */
    moduleName: text('module_name'),
    lessonName: text('lesson_name'),
    difficultyLevel: text('difficulty_level'),
    seconds: integer('seconds').notNull().default(0),
    nativeScore: real('native_score'),
    /** Assessments: the EPS and the scores (0–100), and each skill's score ([{name, score}]). */
    eps: real('eps'),
    overallScore: real('overall_score'),
    pronunciation: real('pronunciation'),
    intonation: real('intonation'),
    fluency: real('fluency'),
    skills: jsonb('skills').$type<{ name: string; score: number }[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.occurredAt, t.id] }),
    unique('practice_events_client_key').on(t.userId, t.clientEventId, t.occurredAt),
    index('practice_events_user_idx').on(t.userId, t.occurredAt),
  ],
)

/**
 * One learner's practice on one local day (the organization's time zone) as one organization sees it:
 * every organization the learner belongs to when the event arrives, and had joined when it happened,
 * gets its row (server/practice/ingest.ts); leaving the organization takes its rows away. Reports and
 * dashboards read only this table. Sums, not averages, so that a row can be added to; the day's first and last
 * assessment with their times, so that an event arriving late still lands in order.
 */
export const dailyPractice = pgTable(
  'daily_practice',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    lessons: integer('lessons').notNull().default(0),
    seconds: integer('seconds').notNull().default(0),
    nativeScoreSum: doublePrecision('native_score_sum').notNull().default(0),
    assessments: integer('assessments').notNull().default(0),
    epsSum: doublePrecision('eps_sum').notNull().default(0),
    firstEps: real('first_eps'),
    firstEpsAt: timestamp('first_eps_at', { withTimezone: true }),
    lastEps: real('last_eps'),
    lastEpsAt: timestamp('last_eps_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.day] }),
    index('daily_practice_organization_day_idx').on(t.organizationId, t.day),
    index('daily_practice_user_day_idx').on(t.userId, t.day),
    // the learners' first and last assessed day in a range, read in index order (the organization report's improvement)
    index('daily_practice_assessed_idx')
      .on(t.organizationId, t.userId, t.day, t.firstEps, t.lastEps)
      .where(sql`${t.assessments} > 0`),
  ],
)

/**
 * The events the API has appended and the roll-up worker has not yet added to daily_practice
 * (server/practice/rollup-worker.ts): a copy of the columns a rollup reads, written in the ingestion's
 * one statement and deleted in the statement that rolls it up, so that an event is rolled up exactly
 * once whatever crashes in between. Empty when reports are caught up (server/practice/freshness.ts).
 */
export const practiceRollupQueue = pgTable('practice_rollup_queue', {
  eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  kind: practiceKindEnum('kind').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  seconds: integer('seconds').notNull(),
  nativeScore: real('native_score'),
  eps: real('eps'),
})

/*
 * The organization report's pre-aggregates (server/reports/organization-figures.ts): what every rollup of
 * an organization adds up to, whoever the learner, kept by statement triggers on daily_practice in the
 * same statement as the rollups (migration 0023): the ingestion, the bulk seed and a rollup written by
 * hand all change them the same way. The report subtracts the rollups of learners outside its
 * population (a teacher who practises, a student removed or disabled), found by learner_practice_months.
 */

/** Per organization and local day: the sums of its rollups, and how many of them have a lesson (active learners). */
export const organizationPracticeDays = pgTable(
  'organization_practice_days',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    lessons: bigint('lessons', { mode: 'number' }).notNull().default(0),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
    active: integer('active').notNull().default(0),
    assessments: bigint('assessments', { mode: 'number' }).notNull().default(0),
    /** The sum of the rollups' eps_sum, each taken as numeric as the other reports sum it. */
    epsSum: numeric('eps_sum').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
)

/**
 * Per organization, learner and week from Saturday: the days with a lesson, bit i for the week's day i
 * (Saturday 0). Only weeks with one. No key to users: a deleted user's rollups go first, and the
 * triggers take its weeks away with them.
 */
export const learnerPracticeWeeks = pgTable(
  'learner_practice_weeks',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    week: date('week').notNull(),
    days: smallint('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId, t.week] })],
)

/** Per organization, week and set of days with a lesson (learner_practice_weeks' `days`): how many learners. */
export const organizationPracticeWeeks = pgTable(
  'organization_practice_weeks',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    week: date('week').notNull(),
    days: smallint('days').notNull(),
    learners: integer('learners').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.week, t.days] })],
)

/**
 * Per organization, month and learner with a rollup in it: the days with a lesson, bit d-1 for day d
 * (0 when it only took assessments). Who practised in a range, and who of them is outside a population.
 */
export const learnerPracticeMonths = pgTable(
  'learner_practice_months',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    userId: integer('user_id').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month, t.userId] })],
)

/**
 * The delivery state of a message in an outbox (server/services/outbox.ts): a message is due while
 * it is unsent and `next_attempt_at` has come; a message with no `next_attempt_at` is not to be sent
 * (the outbox is its delivery, or delivery gave up: see `error`).
 */
const deliveryColumns = () => ({
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  text: text('text').notNull(),
  language: text('language').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
})

/** Every mail the server writes; the local default delivery, and the queue of SMTP deliveries. */
export const mailOutbox = pgTable(
  'mail_outbox',
  { ...deliveryColumns(), subject: text('subject').notNull(), html: text('html').notNull() },
  (t) => [index('mail_outbox_due').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
)

/** Every text message (SMS) the server writes; the local default delivery, and the provider's queue. */
export const smsOutbox = pgTable(
  'sms_outbox',
  { ...deliveryColumns(), providerId: text('provider_id') },
  (t) => [index('sms_outbox_due').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
)

/**
 * Attempts counted by the rate limits (server/services/rate-limit.ts), one row per limit key and
 * fixed window, in the store so that every server process on it shares them. The key holds a digest
 * of the e-mail and client address, not the values. Expired rows are swept now and then.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
})

/**
 * Scheduled work of the server (server/maintenance.ts), one row per job: the process that moves
 * `claimed_until` forward, in one atomic statement, runs the job; every other server process on the store
 * finds it claimed and skips it, so that a job runs once per period however many processes there are.
 */
export const scheduledRuns = pgTable('scheduled_runs', {
  job: text('job').primaryKey(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
})

/**
 * How fresh the readings the server keeps are (server/db/read-cache.ts), per scope: a user ('user', its
 * id: its sessions and its account), an organization ('organization', its id: its row, members, classes,
 * invitations, and its members' accounts), the organization list ('platform', 0), and the store ('store',
 * 0: what a scope without a row of its own reads, moved by a TRUNCATE only). A change counts its scopes'
 * rows up at its commit (triggers of migration 0025), each to a value of one sequence (never the same
 * twice), so that a reading kept at the versions still current is the one the store would give now.
 */
export const readVersions = pgTable(
  'read_versions',
  {
    scope: text('scope').notNull(),
    id: integer('id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    /** The transaction that counted it up last (txid_current()): a transaction counts a scope up once. */
    xact: bigint('xact', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.id] })],
)

/** A position in the primary's write-ahead log ('16/B374D848'): compared by the server, never parsed here. */
const pgLsn = customType<{ data: string }>({ dataType: () => 'pg_lsn' })

/**
 * Where the primary's write-ahead log stood after each person's last write (server/db/replica.ts): their reads
 * go to the read replica only once it has replayed that far. UNLOGGED (migration 0025): no write-ahead log of
 * its own and no wait for a disk flush at commit, not copied to the replica (read on the primary only); a
 * crash of the primary empties it, which only sends a few reads to the replica a little early. No foreign
 * key: a row of a deleted person is harmless and goes with the next write of its id (never).
 */
export const replicaFences = pgTable('replica_fences', {
  userId: integer('user_id').primaryKey(),
  lsn: pgLsn('lsn').notNull(),
})

export type UserRow = typeof users.$inferSelect
export type OrganizationRow = typeof organizations.$inferSelect
export type InvitationRow = typeof invitations.$inferSelect
export type OrganizationImportRow = typeof organizationImports.$inferSelect
export type InvitationBatchRow = typeof invitationBatches.$inferSelect
export type ClassImportRow = typeof classImports.$inferSelect
export type ClassUserImportRow = typeof classUserImports.$inferSelect
export type GroupRow = typeof groups.$inferSelect
export type AssignmentRow = typeof assignments.$inferSelect
export type Role = (typeof roleEnum.enumValues)[number]
export type OrganizationType = (typeof organizationTypeEnum.enumValues)[number]
export type Industry = (typeof industryEnum.enumValues)[number]
export type TokenPurpose = (typeof tokenPurposeEnum.enumValues)[number]
export type SessionMethod = (typeof sessionMethodEnum.enumValues)[number]
