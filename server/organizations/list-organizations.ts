import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { enforce, platformReach, relationToPlatform } from '../auth/policy.js'
import type { Handler, QueryOf } from '../contract/handler.js'
import { PLATFORM_SCOPE } from '../db/read-cache.js'
import { organizations } from '../db/schema.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { containing } from './members.js'
import { organizationView } from './view.js'

type Ordering = NonNullable<QueryOf<'listOrganizations'>['ordering']>

const SORT_COLUMNS: Record<string, SQL | AnyColumn> = {
  name: sql`lower(${organizations.name})`,
  is_verified: organizations.isVerified,
  status: organizations.status,
  created_at: organizations.createdAt,
  country: organizations.country,
}

/** The column asked for, then the id, so that pages never overlap. */
const orderBy = (ordering: Ordering) => {
  const descending = ordering.startsWith('-')
  const column = SORT_COLUMNS[ordering.replace(/^-/, '')]!
  return [descending ? desc(column) : asc(column), asc(organizations.id)]
}


/**
 * GET /v1/organizations/ — the platform admin's list. A country admin's reach is their country,
 * whatever countries the query names. Answered from the kept readings (db/read-cache.ts) while no
 * organization's row has changed (the platform's scope: it shows nothing else, and the caller's reach is
 * part of the key).
 */
export const listOrganizations: Handler<'listOrganizations'> = async (call) => {
  const { query, app, t, request } = call
  const { user: me, cacheVersion } = requireAuth(call)
  enforce(t, 'listOrganizations', relationToPlatform(me))

  const filters: SQL[] = [query.deleted ? isNotNull(organizations.deletedAt) : isNull(organizations.deletedAt)]
  const reach = platformReach(me)
  if (reach.kind === 'country') filters.push(eq(organizations.country, reach.country))
  if (query.country?.length) filters.push(inArray(organizations.country, query.country.map((c) => c.toUpperCase())))
  if (query.status) filters.push(eq(organizations.status, query.status))
  if (query.is_verified !== undefined) filters.push(eq(organizations.isVerified, query.is_verified))
  const words = query.search?.trim()
  if (words) filters.push(or(ilike(organizations.name, containing(words)), ilike(organizations.username, containing(words)))!)
  const where = and(...filters)

  const paging = pagingOf(query)
  const ordering = query.ordering ?? 'name'
  // the key: every input of the answer, the caller's reach included
  const key = JSON.stringify(['organizations', reach, query.deleted ?? false, query.country, query.status, query.is_verified, words, ordering, paging])
  const { total, results } = await app.readings.read(cacheVersion, key, [PLATFORM_SCOPE], async (db) => {
    // the page and the number of all that match in one statement (the count a subquery run once)
    const rows = await db
      .select({ organization: organizations, total: sql<number>`(${db.select({ count: count() }).from(organizations).where(where)})` })
      .from(organizations)
      .where(where)
      .orderBy(...orderBy(ordering))
      .limit(paging.size)
      .offset(paging.offset)
    const total = rows[0]?.total ?? (paging.offset > 0 ? (await db.select({ count: count() }).from(organizations).where(where))[0]!.count : 0)
    return { total: Number(total), results: rows.map((row) => organizationView(row.organization)) }
  })
  return pageOf(request.url, paging, total, results)
}
