import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { Link, Redirect, useLocation, useParams } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { classListMachine } from '../../../machines/class-list'
import { isOrgAdmin, isStudent, isTeacher, membershipOf } from '../../../machines/roles'
import type { ClassGroup, ClassListQuery } from '../../../machines/types'
import { css } from '../../../styled-system/css'
import { Flex, Stack } from '../../../styled-system/jsx'
import { deleteClasses, loadClasses } from '../../api/classes'
import { errorMessage } from '../../api/errors'
import { useKnownOrganization } from '../../app/known-organizations'
import { paths } from '../../app/paths'
import { useCurrentUser } from '../../app/root-context'
import { Button, Checkbox, Dialog, ErrorPanel, Input, Portal, Spinner, Table, Text, toaster } from '../../ui'
import { LoadFailed } from '../shared/LoadFailed'
import { Pager } from '../shared/Pager'
import { PageHeader } from '../shared/page'
import { useTerms } from '../shared/terms'
import { ClassLink, ClassStatusProgress } from './ClassStatus'

/** Spec 001 §9: 50 classes a page, 5 page counters. */
const PAGE_SIZE = 50
/** How long the search box waits after the last key before the list follows. */
const SEARCH_DEBOUNCE_MS = 300
const FILTERS = ['all', 'active', 'not_started', 'draft', 'finished'] as const

const filterButton = css({
  display: 'block',
  w: 'full',
  textAlign: 'start',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  cursor: 'pointer',
  _hover: { bg: 'gray.a3' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
  '&[aria-pressed=true]': { bg: 'colorPalette.a3', color: 'colorPalette.text', fontWeight: 'semibold' },
})

/**
 * /organization/{id}/classes — the class list (spec 001 §2): side filter, search, table with
 * selection (name, dates, status with its progress bar, owner for admins, users count), bulk delete
 * after a confirmation, pager. Words follow the organization type (class or team). A student, whom
 * the list refuses (§6), is taken to the dashboard, where its classes are.
 */
export function ClassesPage() {
  const organizationId = Number(useParams<{ organizationId?: string }>().organizationId)
  const user = useCurrentUser()
  if (isStudent(user, organizationId)) return <Redirect to={paths.dashboard(organizationId)} replace />
  return <ClassList organizationId={organizationId} />
}

function ClassList({ organizationId }: { organizationId: number }) {
  const { LL } = useI18nContext()
  const t = LL.classes
  const user = useCurrentUser()
  const known = useKnownOrganization(organizationId)
  const type = membershipOf(user, organizationId)?.type ?? known?.type
  const terms = useTerms(type)
  const wording = type === 'company' ? t.company : t.school
  const admin = isOrgAdmin(user, organizationId)
  // the owner column is for admins and non-teachers (§6)
  const showOwner = !isTeacher(user, organizationId)

  const [query, setQuery] = useState<ClassListQuery>({ status: 'all', search: '', page: 1 })
  const [typed, setTyped] = useState('')
  const [, navigate] = useLocation()
  const create = () => navigate(paths.classesNew(organizationId))
  const list = useActorRef(
    classListMachine.provide({
      actors: { loadClasses, deleteClasses },
      actions: {
        announceDeleted: (_, { failed }) =>
          failed.length === 0 ? toaster.success({ title: wording.deleted() }) : toaster.error({ title: wording.deleteFailed() }),
      },
    }),
    { input: { organizationId, query } },
  )
  const page = useSelector(list, (s) => s.context.page)
  const selected = useSelector(list, (s) => s.context.selected)
  const busy = useSelector(list, (s) => s.hasTag('busy'))
  const error = useSelector(list, (s) => s.context.error)
  const actionError = useSelector(list, (s) => s.context.actionError)
  const confirming = useSelector(list, (s) => s.matches('confirmingDelete') || s.matches('deleting'))
  const deleting = useSelector(list, (s) => s.matches('deleting'))

  useEffect(() => {
    list.send({ type: 'classes.query', query })
  }, [list, query])
  useEffect(() => {
    if (typed.trim() === query.search.trim()) return
    const timer = setTimeout(() => setQuery({ ...query, search: typed, page: 1 }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  })

  const rows = page?.results ?? []
  const count = page?.count ?? 0
  const all = rows.length > 0 && rows.every((row) => selected.includes(row.id))
  const some = selected.length > 0 && !all
  const select = (ids: number[]) => list.send({ type: 'classes.select', ids })
  const filtered = query.status !== 'all' || query.search.trim() !== ''

  return (
    <section aria-labelledby="classes-title">
      <Flex gap="3" wrap="wrap" align="flex-start" justify="space-between">
        <div id="classes-title">
          <PageHeader title={terms.classes()} />
        </div>
        {admin ? (
          <Flex gap="3" wrap="wrap">
            <Button variant="outline" asChild>
              <Link href={paths.classesImport(organizationId)}>{LL.classImport.importAction()}</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href={paths.classesImportUsers(organizationId)}>{(type === 'company' ? LL.classUserImport.company : LL.classUserImport.school).action()}</Link>
            </Button>
            <Button onClick={create}>{wording.newClass()}</Button>
          </Flex>
        ) : null}
      </Flex>
      <Flex gap="6" direction={{ base: 'column', md: 'row' }} align="flex-start">
        <nav aria-label={t.filters.label()} className={css({ w: { base: 'full', md: '48' }, flexShrink: 0 })}>
          <Flex as="ul" direction={{ base: 'row', md: 'column' }} wrap="wrap" gap="1" listStyle="none" p="0" m="0">
            {FILTERS.map((status) => (
              <li key={status}>
                <button
                  type="button"
                  className={filterButton}
                  aria-pressed={query.status === status}
                  onClick={() => setQuery({ ...query, status, page: 1 })}
                >
                  {t.filters[status]()}
                </button>
              </li>
            ))}
          </Flex>
        </nav>
        <Stack gap="4" flex="1" minW="0" w="full">
          <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
            <Stack gap="1.5" w={{ base: 'full', md: 'sm' }}>
              <label htmlFor="classes-search" className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
                {t.search()}
              </label>
              <Input
                id="classes-search"
                type="search"
                value={typed}
                placeholder={t.searchPlaceholder()}
                onChange={(event) => setTyped(event.currentTarget.value)}
              />
            </Stack>
            {selected.length > 0 ? (
              <Button variant="outline" colorPalette="red" onClick={() => list.send({ type: 'classes.delete' })}>
                {t.deleteSelected({ count: selected.length })}
              </Button>
            ) : null}
          </Flex>
          {actionError ? <ErrorPanel messages={[wording.deleteFailed(), errorMessage(actionError, LL.common.genericError(), LL.errors.network())]} /> : null}
          {error ? (
            <LoadFailed messages={[t.loadFailed(), errorMessage(error, LL.common.genericError(), LL.errors.network())]} onRetry={() => list.send({ type: 'classes.retry' })} />
          ) : page === null ? (
            <Spinner label={LL.common.loading()} />
          ) : rows.length === 0 ? (
            <Stack gap="3" align="flex-start" py="6">
              <Text fontWeight="semibold">{filtered ? wording.emptyFiltered() : wording.emptyTitle()}</Text>
              {!filtered && admin ? (
                <Button variant="outline" onClick={create}>
                  {wording.newClass()}
                </Button>
              ) : null}
            </Stack>
          ) : (
            <Stack gap="3" aria-busy={busy}>
              <Table.ScrollArea label={terms.classes()}>
                <Table.Root size="sm">
                  <Table.Head>
                    <Table.Row>
                      <Table.Header w="12">
                        <Checkbox
                          aria-label={t.selectAll()}
                          checked={all ? true : some ? 'indeterminate' : false}
                          onCheckedChange={(details) => select(details.checked === true ? rows.map((row) => row.id) : [])}
                        />
                      </Table.Header>
                      <Table.Header>{t.name()}</Table.Header>
                      <Table.Header>{t.startDate()}</Table.Header>
                      <Table.Header>{t.endDate()}</Table.Header>
                      <Table.Header>{t.statusColumn()}</Table.Header>
                      {showOwner ? <Table.Header>{terms.teacher()}</Table.Header> : null}
                      <Table.Header>{t.usersCount()}</Table.Header>
                      <Table.Header>{LL.classDetails.pendingInvitesColumn()}</Table.Header>
                    </Table.Row>
                  </Table.Head>
                  <Table.Body>
                    {rows.map((row) => (
                      <ClassRow
                        key={row.id}
                        row={row}
                        showOwner={showOwner}
                        checked={selected.includes(row.id)}
                        onCheckedChange={(checked) => select(checked ? [...selected, row.id] : selected.filter((id) => id !== row.id))}
                      />
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              <Pager count={count} pageSize={PAGE_SIZE} page={query.page} onPageChange={(next) => setQuery({ ...query, page: next })} />
            </Stack>
          )}
        </Stack>
      </Flex>
      {confirming ? (
        <Dialog.Root open role="alertdialog" onOpenChange={(d) => (d.open || deleting ? undefined : list.send({ type: 'delete.cancel' }))}>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content w={{ base: 'calc(100vw - 2rem)', md: 'md' }}>
                <Stack gap="5" p="6">
                  <Stack gap="1">
                    <Dialog.Title>{wording.deleteTitle({ count: selected.length })}</Dialog.Title>
                    <Dialog.Description>{wording.deleteDescription()}</Dialog.Description>
                  </Stack>
                  <Flex gap="3" justify="flex-end" wrap="wrap">
                    <Button variant="outline" disabled={deleting} onClick={() => list.send({ type: 'delete.cancel' })}>
                      {LL.common.cancel()}
                    </Button>
                    <Button colorPalette="red" loading={deleting} onClick={() => list.send({ type: 'delete.confirm' })}>
                      {LL.common.delete()}
                    </Button>
                  </Flex>
                </Stack>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : null}
    </section>
  )
}

function ClassRow({
  row,
  showOwner,
  checked,
  onCheckedChange,
}: {
  row: ClassGroup
  showOwner: boolean
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  const { LL } = useI18nContext()
  const t = LL.classes
  return (
    <Table.Row data-class-id={row.id}>
      <Table.Cell>
        <Checkbox aria-label={t.selectRow({ name: row.name })} checked={checked} onCheckedChange={(details) => onCheckedChange(details.checked === true)} />
      </Table.Cell>
      <Table.Cell fontWeight="medium">
        <ClassLink group={row} />
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{LL.common.date({ value: row.start_date })}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{LL.common.date({ value: row.end_date })}</Table.Cell>
      <Table.Cell>
        <ClassStatusProgress group={row} minW="32" />
      </Table.Cell>
      {showOwner ? (
        <Table.Cell>{row.owner ? `${row.owner.first_name} ${row.owner.last_name}`.trim() || row.owner.email : LL.common.notAvailable()}</Table.Cell>
      ) : null}
      <Table.Cell>{row.users_count}</Table.Cell>
      <Table.Cell>{row.pending_invitations}</Table.Cell>
    </Table.Row>
  )
}
