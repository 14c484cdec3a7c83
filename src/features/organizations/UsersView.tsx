import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { Link as RouterLink, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { organizationUsersMachine } from '../../../machines/organization-users'
import type { OrganizationUser, OrganizationUsersQuery } from '../../../machines/types'
import { css } from '../../../styled-system/css'
import { Flex, HStack, Stack } from '../../../styled-system/jsx'
import { errorMessage } from '../../api/errors'
import { loadOrganizationUsers } from '../../api/organization-users'
import { paths } from '../../app/paths'
import { Badge, Button, ErrorPanel, Heading, Input, Pagination, Spinner, Table, Text } from '../../ui'
import { RemoveMemberDialog } from '../shared/RemoveMemberDialog'
import { roleLabel, type Terms } from '../shared/terms'
import { InviteByEmailDialog } from './InviteByEmailDialog'
import { PendingInvites, usePendingInvites } from './PendingInvites'
import { directionOf, nextOrdering, readUsersQuery, writeUsersQuery } from './users-query'

const PAGE_SIZE = 10
/** How long the search box waits after the last key before the URL (and the list) follow. */
const SEARCH_DEBOUNCE_MS = 300

export interface UsersViewProps {
  organizationId: number
  organizationName: string
  terms: Terms
  /** Teachers see the members but no invite controls (§2). */
  canInvite: boolean
  canRemoveFromSystem: boolean
  title: string
}

/** The users view of the organization page (spec §2): search, invite, table, pagination, removal. */
export function UsersView({ organizationId, organizationName, terms, canInvite, canRemoveFromSystem, title }: UsersViewProps) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers
  const search = useSearch()
  const [location, navigate] = useLocation()
  const query = readUsersQuery(search)
  const users = useActorRef(organizationUsersMachine.provide({ actors: { loadOrganizationUsers } }), {
    input: { organizationId, query },
  })
  const page = useSelector(users, (s) => s.context.page)
  const busy = useSelector(users, (s) => s.hasTag('busy'))
  const error = useSelector(users, (s) => s.context.error)
  const [typed, setTyped] = useState(query.search)
  const [inviting, setInviting] = useState(false)
  const [removing, setRemoving] = useState<OrganizationUser | null>(null)
  const pendingInvites = usePendingInvites(organizationId, canInvite)

  const setQuery = (next: OrganizationUsersQuery) => navigate(`${location}${writeUsersQuery(next)}`, { replace: true })

  // The URL is the query: a change there (typing, a menu link, back and forward) loads the members.
  const key = writeUsersQuery(query)
  useEffect(() => {
    users.send({ type: 'users.query', query: readUsersQuery(key) })
  }, [users, key])

  // The search box follows the URL when it changes elsewhere, and writes it back after a pause.
  useEffect(() => setTyped(query.search), [query.search])
  useEffect(() => {
    if (typed.trim() === query.search.trim()) return
    const timer = setTimeout(() => setQuery({ ...query, search: typed, page: 1 }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  })

  const sortBy = (column: 'username' | 'email') => setQuery({ ...query, ordering: nextOrdering(query.ordering, column), page: 1 })
  const rows = page?.results ?? []
  const count = page?.count ?? 0
  const openMember = (member: OrganizationUser) => navigate(paths.organizationUser(organizationId, member.id))

  return (
    <Stack gap="4" minW="0">
      <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        {canInvite ? (
          <HStack gap="3" flexWrap="wrap">
            <PendingInvites actor={pendingInvites} organizationName={organizationName} terms={terms} />
            <Button onClick={() => setInviting(true)}>{t.invite()}</Button>
          </HStack>
        ) : null}
      </Flex>
      <Stack gap="1.5" maxW={{ base: 'full', md: 'sm' }}>
        <label htmlFor="organization-users-search" className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
          {t.search()}
        </label>
        <Input
          id="organization-users-search"
          type="search"
          value={typed}
          placeholder={t.searchPlaceholder()}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
      </Stack>
      {error ? (
        <Stack gap="3" align="flex-start">
          <ErrorPanel messages={[t.usersFailed(), errorMessage(error, LL.common.genericError())]} />
          <Button variant="outline" onClick={() => users.send({ type: 'users.retry' })}>
            {LL.common.retry()}
          </Button>
        </Stack>
      ) : page === null ? (
        <Spinner label={LL.common.loading()} />
      ) : rows.length === 0 ? (
        <Stack gap="3" align="flex-start" py="6">
          <Text fontWeight="semibold">{query.search ? t.emptySearch() : t.emptyTitle()}</Text>
          {!query.search && canInvite ? (
            <>
              <Text color="fg.muted">{t.emptyPrompt()}</Text>
              <Button variant="outline" onClick={() => setInviting(true)}>
                {t.invite()}
              </Button>
            </>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="3" aria-busy={busy}>
          <Table.ScrollArea label={t.tableLabel()}>
            <Table.Root size="sm">
              <Table.Head>
                <Table.Row>
                  <Table.SortableHeader direction={directionOf(query.ordering, 'username')} onSort={() => sortBy('username')}>
                    {t.username()}
                  </Table.SortableHeader>
                  <Table.SortableHeader direction={directionOf(query.ordering, 'email')} onSort={() => sortBy('email')}>
                    {t.email()}
                  </Table.SortableHeader>
                  <Table.Header>{t.roles()}</Table.Header>
                  <Table.Header>{t.actions()}</Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {rows.map((member) => (
                  <Table.Row
                    key={member.id}
                    cursor="pointer"
                    _hover={{ bg: 'gray.a2' }}
                    onClick={(event) => {
                      // the username link, the roles and the actions keep their own clicks (§2)
                      if ((event.target as HTMLElement).closest('a, button, [data-no-row-click]')) return
                      openMember(member)
                    }}
                  >
                    <Table.Cell>
                      <RouterLink href={paths.organizationUser(organizationId, member.id)} className={css({ color: 'colorPalette.text', textDecoration: 'underline' })}>
                        {member.username || `${member.first_name} ${member.last_name}`.trim() || member.email}
                      </RouterLink>
                    </Table.Cell>
                    <Table.Cell>{member.email}</Table.Cell>
                    <Table.Cell data-no-row-click>
                      <HStack gap="1" flexWrap="wrap">
                        {member.roles.map((role) => (
                          <Badge key={role} variant="outline" size="sm">
                            {roleLabel(terms, role)}
                          </Badge>
                        ))}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      {canInvite ? (
                        <Button
                          size="xs"
                          variant="ghost"
                          aria-label={t.removeMember({ name: member.username ?? member.email })}
                          onClick={() => setRemoving(member)}
                        >
                          {LL.common.remove()}
                        </Button>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {count > PAGE_SIZE ? (
            <Pagination
              count={count}
              pageSize={PAGE_SIZE}
              page={query.page}
              onPageChange={(next) => setQuery({ ...query, page: next })}
              rangeLabel={({ start, end, count: total }) => LL.common.pagination({ from: start, to: end, total })}
              labels={{
                root: LL.common.paginationNav(),
                previous: LL.common.previousPage(),
                next: LL.common.nextPage(),
                page: (p) => LL.common.goToPage({ page: p }),
              }}
            />
          ) : null}
        </Stack>
      )}
      {inviting ? (
        <InviteByEmailDialog
          organizationId={organizationId}
          organizationName={organizationName}
          terms={terms}
          onClose={() => setInviting(false)}
          onSent={() => {
            setInviting(false)
            users.send({ type: 'users.reload' })
            pendingInvites.send({ type: 'invites.reload' })
          }}
        />
      ) : null}
      {removing ? (
        <RemoveMemberDialog
          organizationId={organizationId}
          organizationName={organizationName}
          member={removing}
          canRemoveFromSystem={canRemoveFromSystem}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setRemoving(null)
            users.send({ type: 'users.reload' })
          }}
        />
      ) : null}
    </Stack>
  )
}
