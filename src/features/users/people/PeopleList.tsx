import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useState } from 'react'
import { Link as RouterLink, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import { pagedListMachine } from '../../../../machines/paged-list'
import type {
  OrganizationRole,
  OrganizationUser,
  OrganizationUserSort,
  OrganizationUsersQuery,
} from '../../../../machines/types'
import { css } from '../../../../styled-system/css'
import { Flex, Stack } from '../../../../styled-system/jsx'
import { errorMessage } from '../../../api/errors'
import { Heading, Input, Spinner, Table, Text } from '../../../ui'
import { LoadFailed } from '../../shared/LoadFailed'
import { Pager } from '../../shared/Pager'
import { usePageTitle } from '../../shared/page'
import { asPageLoader, pageOf, type PagedListLoader } from '../../shared/paged-list'
import { displayName, nextOrdering, readPeopleQuery, sortDirection, writePeopleQuery } from './people-query'

const PAGE_SIZE = 10
/** How long the search box waits after the last key before the URL (and the list) follow. */
const SEARCH_DEBOUNCE_MS = 300

type LoadPeople = PagedListLoader<OrganizationUser, OrganizationUsersQuery>

/** A count column of the teachers list (spec §2: groups_count, users_groups_count), sortable. */
export interface PeopleCountColumn {
  key: Extract<OrganizationUserSort, 'groups_count' | 'users_groups_count'>
  label: string
}

const sortableOf = (columns: readonly PeopleCountColumn[]): OrganizationUserSort[] => ['first_name', ...columns.map((column) => column.key)]

/**
 * The flow of a student or teacher list: the users table's (pagedListMachine), loading with
 * `load` for the list's own `roles` (sorted by the list's own `columns` too). Made by the screen, which
 * reloads it after an invite.
 */
export function usePeopleList(organizationId: number, load: LoadPeople, roles: OrganizationRole[], columns: readonly PeopleCountColumn[] = []) {
  const query = readPeopleQuery(useSearch(), roles, sortableOf(columns))
  return useActorRef(pagedListMachine.provide({ actors: { loadPage: asPageLoader(load) } }), { input: { organizationId, query } })
}

export type PeopleListActor = ReturnType<typeof usePeopleList>

export interface PeopleListProps {
  actor: PeopleListActor
  roles: OrganizationRole[]
  title: string
  searchLabel: string
  texts: { empty: string; emptyPrompt?: string; failed: string }
  /** The invite controls (admins only), beside the heading and in the empty state. */
  actions?: ReactNode
  detailHref: (person: OrganizationUser) => string
  /** Count columns after the e-mail (the teachers list's); the same as given to usePeopleList. */
  columns?: readonly PeopleCountColumn[]
}

/**
 * A student or teacher list (spec §2): search, a table sorted by name (the column header turns it
 * around) or by a count column, paging, the empty and loading states; a row opens the person's details
 * (the name is a link, for the keyboard).
 */
export function PeopleList({ actor, roles, title, searchLabel, texts, actions, detailHref, columns = [] }: PeopleListProps) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers.people
  usePageTitle(title)
  const search = useSearch()
  const [location, navigate] = useLocation()
  const sortable = sortableOf(columns)
  const query = readPeopleQuery(search, roles, sortable)
  const page = useSelector(actor, pageOf<OrganizationUser>())
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const error = useSelector(actor, (s) => s.context.error)
  const [typed, setTyped] = useState(query.search)

  const setQuery = (next: OrganizationUsersQuery) => navigate(`${location}${writePeopleQuery(next)}`, { replace: true })

  // The URL is the query: a change there (typing, paging, back and forward) loads the people.
  const key = writePeopleQuery(query)
  useEffect(() => {
    actor.send({ type: 'list.query', query: readPeopleQuery(key, roles, sortable) })
    // the roles and columns are the list's own and never change
  }, [actor, key])

  // The search box follows the URL when it changes elsewhere, and writes it back after a pause.
  useEffect(() => setTyped(query.search), [query.search])
  useEffect(() => {
    if (typed.trim() === query.search.trim()) return
    const timer = setTimeout(() => setQuery({ ...query, search: typed, page: 1 }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  })

  const rows = page?.results ?? []
  const count = page?.count ?? 0

  return (
    <Stack gap="4" minW="0">
      <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {actions}
      </Flex>
      <Stack gap="1.5" maxW={{ base: 'full', md: 'sm' }}>
        <label htmlFor="people-search" className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
          {searchLabel}
        </label>
        <Input id="people-search" type="search" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} />
      </Stack>
      {error ? (
        <LoadFailed messages={[texts.failed, errorMessage(error, LL.common.genericError(), LL.errors.network())]} onRetry={() => actor.send({ type: 'list.retry' })} />
      ) : page === null ? (
        <Spinner label={LL.common.loading()} />
      ) : rows.length === 0 ? (
        <Stack gap="3" align="flex-start" py="6">
          <Text fontWeight="semibold">{query.search ? t.noMatch() : texts.empty}</Text>
          {!query.search && texts.emptyPrompt ? <Text color="fg.muted">{texts.emptyPrompt}</Text> : null}
        </Stack>
      ) : (
        <Stack gap="3" aria-busy={busy}>
          <Table.ScrollArea label={title}>
            <Table.Root size="sm">
              <Table.Head>
                <Table.Row>
                  <Table.SortableHeader
                    direction={sortDirection(query.ordering, 'first_name')}
                    onSort={() => setQuery({ ...query, ordering: nextOrdering(query.ordering, 'first_name'), page: 1 })}
                  >
                    {t.name()}
                  </Table.SortableHeader>
                  <Table.Header>{t.email()}</Table.Header>
                  {columns.map((column) => (
                    <Table.SortableHeader
                      key={column.key}
                      textAlign="end"
                      direction={sortDirection(query.ordering, column.key)}
                      onSort={() => setQuery({ ...query, ordering: nextOrdering(query.ordering, column.key), page: 1 })}
                    >
                      {column.label}
                    </Table.SortableHeader>
                  ))}
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {rows.map((person) => (
                  <Table.Row
                    key={person.id}
                    cursor="pointer"
                    _hover={{ bg: 'gray.a2' }}
                    color={person.is_active ? undefined : 'fg.muted'}
                    onClick={(event) => {
                      // the name link keeps its own click
                      if ((event.target as HTMLElement).closest('a')) return
                      navigate(detailHref(person))
                    }}
                  >
                    <Table.Cell>
                      <RouterLink href={detailHref(person)} className={css({ color: 'colorPalette.text', textDecoration: 'underline' })}>
                        {displayName(person)}
                      </RouterLink>
                    </Table.Cell>
                    <Table.Cell>{person.email}</Table.Cell>
                    {columns.map((column) => (
                      <Table.Cell key={column.key} textAlign="end" fontVariantNumeric="tabular-nums">
                        {person[column.key]}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pager count={count} pageSize={PAGE_SIZE} page={query.page} onPageChange={(next) => setQuery({ ...query, page: next })} />
        </Stack>
      )}
    </Stack>
  )
}
