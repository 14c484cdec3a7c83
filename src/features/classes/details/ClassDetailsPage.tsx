import { useActorRef, useSelector } from '@xstate/react'
import { Suspense, useEffect, useRef, useState } from 'react'
import { Link as RouterLink, useParams } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import { classDetailsMachine } from '../../../../machines/class-details'
import { pendingInvitesMachine } from '../../../../machines/pending-invites'
import { isOrgAdmin } from '../../../../machines/roles'
import type { ClassGroup, GroupMember } from '../../../../machines/types'
import { css } from '../../../../styled-system/css'
import { Box, Flex, Grid, Stack } from '../../../../styled-system/jsx'
import {
  assignTeacher,
  loadAllStudents,
  loadClass,
  loadClassPendingInvites,
  removeTeacher,
  revokeClassInvitation,
  saveClass,
  saveGoals,
} from '../../../api/class-details'
import { errorMessage } from '../../../api/errors'
import { resendInvitations } from '../../../api/pending-invites'
import { paths } from '../../../app/paths'
import { useCurrentUser } from '../../../app/root-context'
import { Avatar, Button, Card, Dialog, ErrorPanel, Heading, IconButton, PencilIcon, Portal, ProgressBar, Spinner, Text, toaster } from '../../../ui'
import { PendingInvites } from '../../organizations/PendingInvites'
import { useOrganizationTerms } from '../../shared/current'
import { usePageTitle } from '../../shared/page'
import { useOrganizationToday } from '../../shared/organization-today'
import { classProgress } from '../progress'
import { ClassSummary } from '../../reports/ClassSummary'
import { AddStudentsDialog, AssignTeacherDialog, ClassReports, ClassStudentsTab, ConfirmDialog, EditClassDialog, GoalsDialog, UploadStudents } from './on-demand'
import { useClassWording } from './wording'

type Tab = 'overview' | 'students' | 'reports'

const STATUS_COLORS = { active: 'green.9', not_started: 'gray.9', draft: 'amber.9', finished: 'blue.9' } as const

const menuButton = css({
  display: 'block',
  w: 'full',
  textAlign: 'start',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  cursor: 'pointer',
  _hover: { bg: 'gray.a3' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
  '&[aria-current=page]': { bg: 'colorPalette.a3', color: 'colorPalette.text', fontWeight: 'semibold' },
})

/**
 * /organization/{id}/classes/{classId} (class-details) and /{classId}/invite (class-invite, the page
 * with its e-mail invite form open): spec 001 §2 Class details. Only editors (canEditClass) reach it
 * (the server answers 403 to the others); the reports' entries come with the reports.
 */
export function ClassDetailsPage({ invite = false }: { invite?: boolean }) {
  const params = useParams<{ organizationId: string; classId: string }>()
  const organizationId = Number(params.organizationId)
  const groupId = /^\d+$/.test(params.classId ?? '') ? Number(params.classId) : 0
  return <ClassDetails key={`${organizationId}/${groupId}/${invite}`} organizationId={organizationId} groupId={groupId} invite={invite} />
}

function ClassDetails({ organizationId, groupId, invite }: { organizationId: number; groupId: number; invite: boolean }) {
  const { LL } = useI18nContext()
  const t = LL.classDetails
  const user = useCurrentUser()
  const admin = isOrgAdmin(user, organizationId)
  const terms = useOrganizationTerms(organizationId)
  // the machine's actions are given once; the organization's type may be known only later (a platform admin's visit)
  const w = useClassWording(organizationId)
  const wording = useRef(w)
  wording.current = w
  const details = useActorRef(
    classDetailsMachine.provide({
      actors: { loadClass, saveClass, saveGoals, assignTeacher, removeTeacher },
      actions: {
        announceUpdated: () => toaster.success({ title: wording.current.updated() }),
        announceGoalsSaved: () => toaster.success({ title: t.goalsSaved() }),
        announceTeacher: (_, { group }) => toaster.success({ title: group.owner ? wording.current.teacherAssigned() : wording.current.teacherInvited() }),
        announceTeacherRemoved: () => toaster.success({ title: wording.current.teacherRemoved() }),
      },
    }),
    { input: { organizationId, groupId } },
  )
  const invites = useActorRef(
    pendingInvitesMachine.provide({
      actors: { loadPendingInvites: loadClassPendingInvites(groupId), resendInvitations, revokeInvitation: revokeClassInvitation(groupId) },
      actions: {
        announceResent: (_, { count }) => toaster.success({ title: LL.organizationUsers.pendingInvites.resentDone({ count }) }),
        announceRevoked: (_, { email }) => toaster.success({ title: LL.organizationUsers.pendingInvites.revokedDone({ email }) }),
      },
    }),
    { input: { organizationId, enabled: true } },
  )
  const group = useSelector(details, (s) => s.context.group)
  const failed = useSelector(details, (s) => s.matches('failed'))
  const error = useSelector(details, (s) => s.context.error)
  const actionError = useSelector(details, (s) => s.context.actionError)
  const busy = useSelector(details, (s) => s.hasTag('busy'))
  const form = useSelector(details, (s) =>
    s.matches('editing') || s.matches('savingDetails')
      ? 'edit'
      : s.matches('editingGoals') || s.matches('savingGoals')
        ? 'goals'
        : s.matches('choosingTeacher') || s.matches('assigningTeacher')
          ? 'teacher'
          : s.matches('confirmingTeacherRemoval') || s.matches('removingTeacher')
            ? 'removeTeacher'
            : null,
  )
  const [tab, setTab] = useState<Tab>(invite ? 'students' : 'overview')
  const [adding, setAdding] = useState<'paste' | 'upload' | null>(invite ? 'paste' : null)
  const [reloadKey, setReloadKey] = useState(0)
  usePageTitle(group?.name ?? terms.classes())

  const changed = () => {
    details.send({ type: 'class.reload' })
    invites.send({ type: 'invites.reload' })
    setReloadKey((key) => key + 1)
  }
  const back = (
    <RouterLink href={paths.classes(organizationId)} className={css({ color: 'colorPalette.text', textDecoration: 'underline', alignSelf: 'flex-start' })}>
      ← {w.backToClasses()}
    </RouterLink>
  )

  if (failed)
    return (
      <Stack gap="4" align="flex-start">
        {back}
        <ErrorPanel messages={[error?.status === 404 ? w.notFoundTitle() : w.loadFailed(), errorMessage(error, LL.common.genericError(), LL.errors.network())]} />
        {error?.status === 404 ? null : (
          <Button variant="outline" onClick={() => details.send({ type: 'class.retry' })}>
            {LL.common.retry()}
          </Button>
        )}
      </Stack>
    )
  if (!group) return <Spinner label={LL.common.loading()} />

  return (
    <Stack gap="6" aria-busy={busy}>
      {back}
      <Flex gap="3" align="center" wrap="wrap">
        <Box
          role="img"
          aria-label={LL.classes.status[group.status]()}
          title={LL.classes.status[group.status]()}
          w="3"
          h="3"
          borderRadius="full"
          flexShrink="0"
          bg={STATUS_COLORS[group.status]}
        />
        <Heading as="h1" size="2xl" wordBreak="break-word">
          {group.name}
        </Heading>
        <Text color="fg.muted">{LL.classes.status[group.status]()}</Text>
        <IconButton variant="ghost" size="sm" aria-label={t.edit()} {...EditClassDialog.prefetch} onClick={() => details.send({ type: 'class.edit' })}>
          <PencilIcon />
        </IconButton>
      </Flex>
      <Flex gap="6" direction={{ base: 'column', md: 'row' }} align="flex-start">
        <nav aria-label={w.sections()} className={css({ w: { base: 'full', md: '48' }, flexShrink: 0 })}>
          <Flex as="ul" direction={{ base: 'row', md: 'column' }} wrap="wrap" gap="1" listStyle="none" p="0" m="0">
            {(['overview', 'students', 'reports'] as const).map((entry, index) => (
              <li key={entry}>
                <button
                  type="button"
                  className={menuButton}
                  aria-current={tab === entry ? 'page' : undefined}
                  {...(entry === 'students' ? ClassStudentsTab.prefetch : entry === 'reports' ? ClassReports.prefetch : {})}
                  onClick={() => setTab(entry)}
                >
                  {index + 1}. {entry === 'overview' ? t.overview() : entry === 'students' ? w.students() : t.timeTracking()}
                </button>
              </li>
            ))}
          </Flex>
        </nav>
        <Stack gap="6" flex="1" minW="0" w="full">
          {tab === 'overview' ? (
            <Overview group={group} admin={admin} invites={invites} send={details.send} />
          ) : (
            <Suspense fallback={<Spinner label={LL.common.loading()} />}>
              {tab === 'reports' ? (
                <ClassReports.Component organizationId={organizationId} groupId={group.id} />
              ) : (
                <>
                  {adding === 'upload' ? (
                    <Suspense fallback={<Spinner label={LL.common.loading()} />}>
                      <UploadStudents.Component organizationId={organizationId} groupId={group.id} className={group.name} onClose={() => setAdding(null)} onSent={changed} />
                    </Suspense>
                  ) : null}
                  <ClassStudentsTab.Component group={group} reloadKey={reloadKey} onInvite={setAdding} onChanged={changed} />
                </>
              )}
            </Suspense>
          )}
        </Stack>
      </Flex>
      {/* the dialogs' code comes when one opens, or when its button is pointed at or focused (on-demand.ts) */}
      <Suspense fallback={null}>
        {form === 'edit' ? (
          <EditClassDialog.Component
            group={group}
            withTeacher={admin}
            busy={busy}
            error={actionError}
            onSave={(form, teacher) => details.send({ type: 'edit.save', details: form, ...(teacher === undefined ? {} : { teacher }) })}
            onCancel={() => details.send({ type: 'form.cancel' })}
          />
        ) : form === 'goals' ? (
          <GoalsDialog.Component group={group} busy={busy} error={actionError} onSave={(goals) => details.send({ type: 'goals.save', goals })} onCancel={() => details.send({ type: 'form.cancel' })} />
        ) : form === 'teacher' ? (
          <AssignTeacherDialog.Component organizationId={organizationId} busy={busy} error={actionError} onSubmit={(email) => details.send({ type: 'teacher.submit', email })} onCancel={() => details.send({ type: 'form.cancel' })} />
        ) : form === 'removeTeacher' ? (
          <ConfirmDialog.Component
            title={w.removeTeacherTitle({ name: group.name })}
            description={w.removeTeacherDescription()}
            busy={busy}
            error={actionError}
            confirmLabel={w.removeTeacher()}
            onConfirm={() => details.send({ type: 'remove.confirm' })}
            onCancel={() => details.send({ type: 'form.cancel' })}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {adding === 'paste' ? (
          <AddStudentsDialog.Component
            organizationId={organizationId}
            groupId={group.id}
            className={group.name}
            onClose={() => setAdding(null)}
            onAdded={() => {
              setAdding(null)
              changed()
            }}
          />
        ) : null}
      </Suspense>
    </Stack>
  )
}

function Overview({ group, admin, invites, send }: {
  group: ClassGroup
  admin: boolean
  invites: Parameters<typeof PendingInvites>[0]['actor']
  send: (event: { type: 'goals.edit' } | { type: 'teacher.assign' } | { type: 'teacher.remove' }) => void
}) {
  const { LL } = useI18nContext()
  const t = LL.classDetails
  const w = useClassWording(group.organization_id)
  const terms = useOrganizationTerms(group.organization_id)
  const today = useOrganizationToday(group.organization_id)
  const progress = classProgress(group, today)
  const [listing, setListing] = useState(false)
  const pendingCount = useSelector(invites, (s) => s.context.invitations?.count ?? group.pending_invitations)
  const goals = group.assignment
  return (
    <Grid gridTemplateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4">
      <OverviewCard title={w.students()}>
        <Text textStyle="2xl" fontWeight="semibold">
          {w.studentCount({ count: group.users_count })}
        </Text>
        <Flex gap="3" wrap="wrap" align="center">
          <Button size="sm" variant="outline" onClick={() => setListing(true)}>
            {t.viewList()}
          </Button>
          <Text color="fg.muted">{t.pendingInvites({ count: pendingCount })}</Text>
          <PendingInvites actor={invites} organizationName={group.name} terms={terms} revokeDescription={(email) => w.revokeFromClass({ email })} />
        </Flex>
      </OverviewCard>
      <OverviewCard title={w.teacher()}>
        {group.owner ? (
          <Flex gap="3" align="center">
            <Avatar name={`${group.owner.first_name} ${group.owner.last_name}`.trim() || group.owner.email} src={group.owner.photo_url} decorative />
            <Stack gap="0" minW="0">
              <Text fontWeight="medium">{`${group.owner.first_name} ${group.owner.last_name}`.trim() || group.owner.email}</Text>
              <Text color="fg.muted" wordBreak="break-all">
                {group.owner.email}
              </Text>
            </Stack>
          </Flex>
        ) : group.pending_teacher ? (
          <Box borderWidth="1px" borderStyle="dashed" borderRadius="l2" p="3">
            <Text fontWeight="medium">{w.pendingTeacher()}</Text>
            <Text color="fg.muted" wordBreak="break-all">
              {w.pendingTeacherText({ email: group.pending_teacher })}
            </Text>
          </Box>
        ) : (
          <Text color="fg.muted">{w.noTeacher()}</Text>
        )}
        {admin ? (
          <Flex gap="2" wrap="wrap">
            <Button size="sm" variant="outline" {...AssignTeacherDialog.prefetch} onClick={() => send({ type: 'teacher.assign' })}>
              {group.owner || group.pending_teacher ? w.changeTeacher() : w.assignTeacher()}
            </Button>
            {group.owner || group.pending_teacher ? (
              <Button size="sm" variant="outline" colorPalette="red" {...ConfirmDialog.prefetch} onClick={() => send({ type: 'teacher.remove' })}>
                {w.removeTeacher()}
              </Button>
            ) : null}
          </Flex>
        ) : null}
      </OverviewCard>
      <OverviewCard title={t.progress()}>
        <Text color="fg.muted">
          {LL.common.date({ value: group.start_date })} – {LL.common.date({ value: group.end_date })}
        </Text>
        <ProgressBar value={progress.percent} tone={progress.tone} label={LL.classes.progress({ percent: progress.percent })} />
      </OverviewCard>
      <OverviewCard title={t.goals()}>
        {goals ? (
          <Stack gap="1" as="ul" listStyle="none" p="0" m="0">
            <li>{t.minutesPerDay({ count: goals.practice_minutes_per_day })}</li>
            <li>{t.daysPerWeek({ count: goals.practice_days_per_week })}</li>
            <li>{goals.test_before_class_stats === null ? t.noAssessment() : t.assessmentAfter({ count: goals.test_before_class_stats })}</li>
          </Stack>
        ) : (
          <Stack gap="1">
            <Text fontWeight="semibold">{t.noGoals()}</Text>
            <Text color="fg.muted">{w.noGoalsText()}</Text>
          </Stack>
        )}
        <Button size="sm" variant="outline" alignSelf="flex-start" {...GoalsDialog.prefetch} onClick={() => send({ type: 'goals.edit' })}>
          {goals ? t.editGoals() : t.setGoals()}
        </Button>
      </OverviewCard>
      <Box gridColumn="1 / -1"><ClassSummary organizationId={group.organization_id} groupId={group.id} /></Box>
      {listing ? <StudentListDialog group={group} onClose={() => setListing(false)} /> : null}
    </Grid>
  )
}

/** Every student of the class (GET /v1/groups/{groupId}/all-users), read once when the list opens. */
function StudentListDialog({ group, onClose }: { group: ClassGroup; onClose: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.classDetails
  const w = useClassWording(group.organization_id)
  const [students, setStudents] = useState<GroupMember[] | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const abort = new AbortController()
    loadAllStudents(group.id, abort.signal).then(
      (list) => setStudents(list.results),
      () => (abort.signal.aborted ? undefined : setFailed(true)),
    )
    return () => abort.abort()
  }, [group.id])
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'md' }} maxH="80vh" overflowY="auto">
            <Stack gap="4" p="6">
              <Dialog.Title>{w.studentList({ name: group.name })}</Dialog.Title>
              {failed ? (
                <ErrorPanel messages={[LL.common.genericError()]} />
              ) : students === null ? (
                <Spinner label={LL.common.loading()} />
              ) : students.length === 0 ? (
                <Text>{w.noStudents()}</Text>
              ) : (
                <Stack as="ul" gap="2" listStyle="none" p="0" m="0">
                  {students.map((student) => (
                    <Flex as="li" key={student.id} gap="3" align="center">
                      <Avatar name={`${student.first_name} ${student.last_name}`.trim() || student.email} src={student.photo_url} decorative size="sm" />
                      <Stack gap="0" minW="0">
                        <Text fontWeight="medium">{`${student.first_name} ${student.last_name}`.trim() || student.email}</Text>
                        <Text color="fg.muted" textStyle="sm" wordBreak="break-all">
                          {student.email}
                        </Text>
                      </Stack>
                    </Flex>
                  ))}
                </Stack>
              )}
              <Button variant="outline" alignSelf="flex-end" onClick={onClose}>
                {LL.common.close()}
              </Button>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** A card of the overview: its title and what it shows under it. */
function OverviewCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card.Root>
      <Card.Body pt="6">
        <Stack gap="3">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
