import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import { classStudentsMachine } from '../../../../machines/class-students'
import type { ClassGroup, ClassStudentsQuery, GroupStudent, GroupStudentOrdering } from '../../../../machines/types'
import { css } from '../../../../styled-system/css'
import { Flex, Stack } from '../../../../styled-system/jsx'
import { loadStudents, removeStudent } from '../../../api/class-details'
import { errorMessage } from '../../../api/errors'
import { paths } from '../../../app/paths'
import { Button, Input, Menu, Spinner, Table, Text, TextField, toaster, ChevronDownIcon } from '../../../ui'
import { LoadFailed } from '../../shared/LoadFailed'
import { Pager } from '../../shared/Pager'
import { ExportMenu } from '../../reports/ExportMenu'
import { useOrganizationToday } from '../../shared/organization-today'
import { ConfirmDialog } from './ClassDialogs'
import { AddStudentsDialog, UploadStudents } from './on-demand'
import { formatDuration } from './format'
import { useClassWording } from './wording'

/** Specification §9: tables show 10 rows a page. */
const PAGE_SIZE = 10
/** How long the search box waits after the last key before the table follows. */
const SEARCH_DEBOUNCE_MS = 300

type Column = 'name' | 'assessment_test' | 'last_active' | 'time_spent' | 'lesson_count' | 'last_eps' | 'time_avg_daily'

/** The invite menu's two ways of adding students: their code comes when the menu's button is pointed at or focused. */
const fetchAdding = () => {
  AddStudentsDialog.fetch()
  UploadStudents.fetch()
}

/**
 * The students tab (spec 001 §2 Class details): search, the invite menu (paste e-mails or upload a file), the date range, the sortable paged table (§3 Student row); a row opens the student, its
 * remove button takes them out of the class after a confirmation (§6).
 */
export function ClassStudentsTab({ group, onInvite, onChanged, reloadKey }: {
  group: ClassGroup
  /** The invite menu's choice: paste e-mails, or upload a file of them. */
  onInvite: (how: 'paste' | 'upload') => void
  /** A student left: the class's counts follow. */
  onChanged: () => void
  /** Changes when students were added: the table loads again. */
  reloadKey: number
}) {
  const { LL } = useI18nContext()
  const t = LL.classDetails
  const w = useClassWording(group.organization_id)
  const [, navigate] = useLocation()
  const today = useOrganizationToday(group.organization_id)
  const [query, setQuery] = useState<ClassStudentsQuery>({ search: '', from: '', to: '', ordering: 'name', page: 1 })
  const [typed, setTyped] = useState('')
  const students = useActorRef(
    classStudentsMachine.provide({
      actors: { loadStudents, removeStudent },
      actions: {
        announceRemoved: (_, { student }) => {
          toaster.success({ title: w.removed({ name: student?.name ?? '' }) })
          onChanged()
        },
      },
    }),
    { input: { organizationId: group.organization_id, groupId: group.id, query } },
  )
  const page = useSelector(students, (s) => s.context.page)
  const busy = useSelector(students, (s) => s.hasTag('busy'))
  const error = useSelector(students, (s) => s.context.error)
  const removing = useSelector(students, (s) => (s.matches('confirmingRemove') || s.matches('removing') ? s.context.removing : null))
  const removeBusy = useSelector(students, (s) => s.matches('removing'))
  const actionError = useSelector(students, (s) => s.context.actionError)

  useEffect(() => {
    students.send({ type: 'students.query', query })
  }, [students, query])
  useEffect(() => {
    if (reloadKey > 0) students.send({ type: 'students.reload' })
  }, [students, reloadKey])
  useEffect(() => {
    if (typed.trim() === query.search.trim()) return
    const timer = setTimeout(() => setQuery({ ...query, search: typed, page: 1 }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  })

  const direction = (column: Column) =>
    query.ordering === column ? 'ascending' : query.ordering === `-${column}` ? 'descending' : 'none'
  const sort = (column: Column) =>
    setQuery({ ...query, page: 1, ordering: (query.ordering === column ? `-${column}` : column) as GroupStudentOrdering })
  const columns: [Column, string][] = [
    ['name', t.columns.name()],
    ['assessment_test', t.columns.assessment()],
    ['last_active', t.columns.lastActive()],
    ['time_spent', t.columns.timeSpent()],
    ['lesson_count', t.columns.lessons()],
    ['last_eps', t.columns.lastEps()],
    ['time_avg_daily', t.columns.averageDaily()],
  ]
  const rows = page?.results ?? []
  const dash = LL.common.notAvailable()
  const open = (student: GroupStudent) => navigate(paths.student(group.organization_id, student.id))

  return (
    <Stack gap="4" minW="0">
      <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
        <Stack gap="1.5" w={{ base: 'full', md: 'xs' }}>
          <label htmlFor="class-students-search" className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
            {w.search()}
          </label>
          <Input id="class-students-search" type="search" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} />
        </Stack>
        <Flex gap="3" wrap="wrap" align="flex-end">
          <TextField label={t.from()} type="date" size="sm" value={query.from} onChange={(e) => setQuery({ ...query, from: e.currentTarget.value, page: 1 })} />
          <TextField label={t.to()} type="date" size="sm" value={query.to} onChange={(e) => setQuery({ ...query, to: e.currentTarget.value, page: 1 })} />
          <ExportMenu organizationId={group.organization_id} groupId={group.id} {...exportRange(group, query, today)} />
          <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }} onSelect={(details) => onInvite(details.value === 'upload' ? 'upload' : 'paste')}>
            <Menu.Trigger asChild>
              <Button onPointerEnter={fetchAdding} onFocus={fetchAdding}>
                {w.invite()} <ChevronDownIcon />
              </Button>
            </Menu.Trigger>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.Item value="paste">{t.pasteEmails()}</Menu.Item>
                <Menu.Item value="upload">{t.uploadEmails()}</Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Menu.Root>
        </Flex>
      </Flex>
      {error ? (
        <LoadFailed messages={[errorMessage(error, LL.common.genericError(), LL.errors.network())]} onRetry={() => students.send({ type: 'students.retry' })} />
      ) : page === null ? (
        <Spinner label={LL.common.loading()} />
      ) : rows.length === 0 ? (
        <Text py="6" fontWeight="semibold">
          {w.noStudents()}
        </Text>
      ) : (
        <Stack gap="3" aria-busy={busy}>
          <Table.ScrollArea label={w.students()}>
            <Table.Root size="sm">
              <Table.Head>
                <Table.Row>
                  {columns.map(([column, label]) => (
                    <Table.SortableHeader key={column} direction={direction(column)} onSort={() => sort(column)}>
                      {label}
                    </Table.SortableHeader>
                  ))}
                  <Table.Header>
                    <span className={css({ srOnly: true })}>{t.columns.actions()}</span>
                  </Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {rows.map((student) => (
                  <Table.Row
                    key={student.id}
                    data-student-id={student.id}
                    cursor="pointer"
                    _hover={{ bg: 'gray.a2' }}
                    onClick={(event) => {
                      if ((event.target as HTMLElement).closest('button, a')) return
                      open(student)
                    }}
                  >
                    <Table.Cell fontWeight="medium">
                      <a
                        href={paths.student(group.organization_id, student.id)}
                        className={css({ color: 'colorPalette.text', textDecoration: 'underline' })}
                        onClick={(event) => {
                          event.preventDefault()
                          open(student)
                        }}
                      >
                        {student.name}
                      </a>
                    </Table.Cell>
                    <Table.Cell>{student.assessment_test === null ? dash : `${Math.round(student.assessment_test)}%`}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{student.last_active ? LL.common.date({ value: student.last_active }) : t.never()}</Table.Cell>
                    <Table.Cell>{formatDuration(student.time_spent)}</Table.Cell>
                    <Table.Cell>{student.lesson_count}</Table.Cell>
                    <Table.Cell>{student.last_eps === null ? dash : Math.round(student.last_eps)}</Table.Cell>
                    <Table.Cell>{formatDuration(student.time_avg_daily)}</Table.Cell>
                    <Table.Cell>
                      <Button size="xs" variant="outline" aria-label={w.removeStudent({ name: student.name })} onClick={() => students.send({ type: 'students.remove', student })}>
                        {t.remove()}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pager count={page?.count ?? 0} pageSize={PAGE_SIZE} page={query.page} onPageChange={(next) => setQuery({ ...query, page: next })} />
        </Stack>
      )}
      {removing ? (
        <ConfirmDialog
          title={t.removeTitle({ name: removing.name, group: group.name })}
          description={t.removeDescription()}
          busy={removeBusy}
          error={actionError}
          confirmLabel={t.remove()}
          onConfirm={() => students.send({ type: 'remove.confirm' })}
          onCancel={() => students.send({ type: 'remove.cancel' })}
        />
      ) : null}
    </Stack>
  )
}

/** The range of the exports: the table's dates, or as the table reads by default: the class's start to today, within its end. */
const exportRange = (group: ClassGroup, query: ClassStudentsQuery, organizationToday: Temporal.PlainDate): { from: string; to: string } => {
  const today = organizationToday.toString()
  const to = query.to || (today < group.end_date ? today : group.end_date)
  const from = query.from || (group.start_date < to ? group.start_date : to)
  return { from, to }
}
