import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link as RouterLink, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { pagedListMachine } from '../../../machines/paged-list'
import type { OrganizationUser, OrganizationUsersQuery } from '../../../machines/types'
import { css } from '../../../styled-system/css'
import { Flex, HStack, Stack } from '../../../styled-system/jsx'
import { errorMessage } from '../../api/errors'
import { loadOrganizationUsers } from '../../api/organization-users'
import { paths } from '../../app/paths'
import { useCurrentUser } from '../../app/root-context'
import { Badge, Button, ChevronDownIcon, Heading, Input, Menu, Spinner, Table, Text } from '../../ui'
import { LoadFailed } from '../shared/LoadFailed'
import { Pager } from '../shared/Pager'
import { asPageLoader, pageOf } from '../shared/paged-list'
import { MemberStatusDialog } from '../shared/MemberStatusDialog'
import { RemoveMemberDialog } from '../shared/RemoveMemberDialog'
import { roleLabel, type Terms } from '../shared/terms'
import { InviteByEmailDialog } from './InviteByEmailDialog'
import { JoinRequests, useJoinRequests } from './JoinRequests'
import { PendingInvites, usePendingInvites } from './PendingInvites'
import { directionOf, nextOrdering, readUsersQuery, writeUsersQuery } from './users-query'

// the join code dialog brings the QR code generator: its own chunk, loaded when it opens
const JoinCodeDialog = lazy(() => import('./JoinCodeDialog').then((m) => ({ default: m.JoinCodeDialog })))

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

/** The users view of the organization page (spec §2): search, invite, table, pagination, removal, disable and enable. */
export function UsersView({ organizationId, organizationName, terms, canInvite, canRemoveFromSystem, title }: UsersViewProps) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers
  const search = useSearch()
  const [location, navigate] = useLocation()
  const query = readUsersQuery(search)
  const users = useActorRef(pagedListMachine.provide({ actors: { loadPage: asPageLoader(loadOrganizationUsers) } }), {
    input: { organizationId, query },
  })
  const page = useSelector(users, pageOf<OrganizationUser>())
  const busy = useSelector(users, (s) => s.hasTag('busy'))
  const error = useSelector(users, (s) => s.context.error)
  const [typed, setTyped] = useState(query.search)
  const [inviting, setInviting] = useState(false)
  const [removing, setRemoving] = useState<OrganizationUser | null>(null)
  const [changingStatus, setChangingStatus] = useState<OrganizationUser | null>(null)
  const me = useCurrentUser()
  const pendingInvites = usePendingInvites(organizationId, canInvite)
  const joinRequests = useJoinRequests(organizationId, canInvite, () => users.send({ type: 'list.reload' }))
  const [invitingByCode, setInvitingByCode] = useState(false)

  const setQuery = (next: OrganizationUsersQuery) => navigate(`${location}${writeUsersQuery(next)}`, { replace: true })

  // The URL is the query: a change there (typing, a menu link, back and forward) loads the members.
  const key = writeUsersQuery(query)
  useEffect(() => {
    users.send({ type: 'list.query', query: readUsersQuery(key) })
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
            <JoinRequests actor={joinRequests} organizationName={organizationName} terms={terms} />
            <Button variant="outline" onClick={() => setInvitingByCode(true)}>
              {LL.organizationUsers.joinCode.admin.invite()}
            </Button>
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
        <LoadFailed title={t.usersFailed()} messages={[errorMessage(error, LL.common.genericError(), LL.errors.network())]} onRetry={() => users.send({ type: 'list.retry' })} />
      ) : page === null ? (
        <Spinner label={LL.common.loading()} />
      ) : rows.length === 0 ? (
        <Stack gap="3" align="flex-start" py="6">
          <Text fontWeight="semibold">{query.search ? t.emptySearch() : t.emptyTitle()}</Text>
          {query.search ? (
            // a way back from a search that found nobody, as the organizations list has
            <Button
              variant="outline"
              onClick={() => {
                setTyped('')
                setQuery({ ...query, search: '', page: 1 })
              }}
            >
              {t.clearSearch()}
            </Button>
          ) : canInvite ? (
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
                    // a disabled member is muted; its "Disabled" badge says it in words
                    color={member.is_active ? undefined : 'fg.muted'}
                    data-disabled={member.is_active ? undefined : ''}
                    onClick={(event) => {
                      // the username link, the roles and the actions keep their own clicks (§2)
                      if ((event.target as HTMLElement).closest('a, button, [data-no-row-click]')) return
                      openMember(member)
                    }}
                  >
                    <Table.Cell>
                      <HStack gap="2" flexWrap="wrap">
                        <RouterLink
                          href={paths.organizationUser(organizationId, member.id)}
                          className={css({ color: member.is_active ? 'colorPalette.text' : 'fg.muted', textDecoration: 'underline' })}
                        >
                          {member.username || `${member.first_name} ${member.last_name}`.trim() || member.email}
                        </RouterLink>
                        {member.is_active ? null : (
                          <Badge variant="subtle" size="sm">
                            {LL.organizationUsers.memberStatus.disabled()}
                          </Badge>
                        )}
                      </HStack>
                    </Table.Cell>
                    {/* an address is read whole: the table scrolls sideways at 360 px rather than breaking it at a hyphen */}
                    <Table.Cell whiteSpace="nowrap">{member.email}</Table.Cell>
                    <Table.Cell data-no-row-click>
                      <HStack gap="1" flexWrap="wrap">
                        {member.roles.map((role) => (
                          <Badge key={role} variant="outline" size="sm">
                            {roleLabel(terms, role)}
                          </Badge>
                        ))}
                      </HStack>
                    </Table.Cell>
                    {/* the actions menu lives in a portal: its clicks reach the row through React, and stop here */}
                    <Table.Cell onClick={(event) => event.stopPropagation()}>
                      {canInvite ? (
                        <Menu.Root
                          positioning={{ placement: 'bottom-end' }}
                          onSelect={({ value }) => (value === 'remove' ? setRemoving(member) : setChangingStatus(member))}
                        >
                          <Menu.Trigger asChild>
                            <Button size="xs" variant="ghost" aria-label={LL.organizationUsers.memberStatus.actionsFor({ name: member.username ?? member.email })}>
                              {t.actions()}
                              <ChevronDownIcon />
                            </Button>
                          </Menu.Trigger>
                          <Menu.Positioner>
                            <Menu.Content>
                              {/* nobody disables themselves (the server refuses it too) */}
                              {member.id === me?.id ? null : (
                                <Menu.Item value="status">{member.is_active ? LL.organizationUsers.memberStatus.disable() : LL.organizationUsers.memberStatus.enable()}</Menu.Item>
                              )}
                              <Menu.Item value="remove">{LL.common.remove()}</Menu.Item>
                            </Menu.Content>
                          </Menu.Positioner>
                        </Menu.Root>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pager count={count} pageSize={PAGE_SIZE} page={query.page} onPageChange={(next) => setQuery({ ...query, page: next })} />
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
            users.send({ type: 'list.reload' })
            pendingInvites.send({ type: 'invites.reload' })
          }}
        />
      ) : null}
      {invitingByCode ? (
        <Suspense fallback={null}>
          <JoinCodeDialog
            organizationId={organizationId}
            organizationName={organizationName}
            terms={terms}
            onClose={() => {
              setInvitingByCode(false)
              // people may have asked to join meanwhile
              joinRequests.send({ type: 'requests.reload' })
            }}
          />
        </Suspense>
      ) : null}
      {changingStatus ? (
        <MemberStatusDialog
          organizationId={organizationId}
          organizationName={organizationName}
          member={changingStatus}
          onClose={() => setChangingStatus(null)}
          onChanged={() => {
            setChangingStatus(null)
            users.send({ type: 'list.reload' })
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
            users.send({ type: 'list.reload' })
          }}
        />
      ) : null}
    </Stack>
  )
}
