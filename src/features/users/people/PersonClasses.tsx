import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { Link as RouterLink } from 'wouter'
import type { PromiseActorLogic } from 'xstate'
import { useI18nContext } from '../../../../locales/i18n-react'
import { personClassesMachine } from '../../../../machines/person-classes'
import type { ClassGroup, ClassGroupPage, PersonClassesInput } from '../../../../machines/types'
import { css } from '../../../../styled-system/css'
import { Flex, Grid, Stack } from '../../../../styled-system/jsx'
import { errorMessage } from '../../../api/errors'
import { paths } from '../../../app/paths'
import { Button, ErrorPanel, Heading, ProgressBar, Spinner, Text } from '../../../ui'
import { classProgress, type TimeText } from '../../classes/progress'
import { useOrganizationType } from '../../shared/current'
import { useOrganizationToday } from '../../shared/organization-today'

type LoadClasses = PromiseActorLogic<ClassGroupPage, PersonClassesInput>

export interface PersonClassesProps {
  organizationId: number
  userId: number
  /** A student's classes (the first 3, with dates) or a teacher's (the first 5, with their students count). */
  kind: 'student' | 'teacher'
  load: LoadClasses
  /** A teacher's counts (spec §3 Organization user: groups_count, users_groups_count), shown above the classes. */
  counts?: { classes: number; students: number }
}

/** Spec 000 §9: a student's details show 3 classes, a teacher's 5. */
const SHOWN = { student: 3, teacher: 5 } as const

/**
 * The classes section of a student's or teacher's details (spec §2): the first classes, each with its
 * name (a link to its page; a draft reopens in the wizard), its status with the progress bar and the
 * time left or to go, and its dates (a student) or its students count (a teacher); the rest in place
 * behind "show all". Loading, empty and error states; whom the server shows the classes to (admins,
 * and a teacher the classes they own) decides what is listed.
 */
export function PersonClasses({ organizationId, userId, kind, load, counts }: PersonClassesProps) {
  const { LL } = useI18nContext()
  const t = useOrganizationType(organizationId) === 'company' ? LL.personClasses.company : LL.personClasses.school
  const flow = useActorRef(personClassesMachine.provide({ actors: { loadPersonClasses: load } }), { input: { organizationId, userId } })
  const classes = useSelector(flow, (s) => s.context.classes)
  const error = useSelector(flow, (s) => s.context.error)
  const [expanded, setExpanded] = useState(false)
  const today = useOrganizationToday(organizationId)
  const all = classes?.results ?? []
  const shown = expanded ? all : all.slice(0, SHOWN[kind])
  const headingId = `${kind}-classes`

  return (
    <Stack gap="3" as="section" aria-labelledby={headingId} data-person-classes={kind}>
      <Heading as="h2" size="lg" id={headingId}>
        {t.title()}
      </Heading>
      {counts ? (
        <Grid as="dl" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, max-content)' }} columnGap="8" rowGap="2" m="0">
          {[
            [t.classesTaught(), counts.classes],
            [t.studentsTaught(), counts.students],
          ].map(([label, value]) => (
            <Stack key={label} gap="0.5" data-count={label}>
              <Text as="dt" textStyle="sm" color="fg.muted">
                {label}
              </Text>
              <Text as="dd" m="0" textStyle="2xl" fontWeight="bold">
                {value}
              </Text>
            </Stack>
          ))}
        </Grid>
      ) : null}
      {error ? (
        <Stack gap="2" align="flex-start">
          <ErrorPanel messages={[t.failed(), errorMessage(error, LL.common.genericError())]} />
          <Button variant="outline" onClick={() => flow.send({ type: 'classes.retry' })}>
            {LL.common.retry()}
          </Button>
        </Stack>
      ) : classes === null ? (
        <Spinner label={LL.common.loading()} />
      ) : all.length === 0 ? (
        <Text color="fg.muted">{kind === 'student' ? t.studentNone() : t.teacherNone()}</Text>
      ) : (
        <>
          <Stack as="ul" gap="0" listStyle="none" p="0" m="0" borderTopWidth="1px" borderColor="border.subtle">
            {shown.map((group) => (
              <ClassLine key={group.id} group={group} kind={kind} today={today} studentsLabel={t.studentsColumn()} />
            ))}
          </Stack>
          {classes.count > SHOWN[kind] ? (
            <Button variant="link" alignSelf="flex-start" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? LL.personClasses.showFewer() : t.showAll({ count: classes.count })}
            </Button>
          ) : null}
        </>
      )}
    </Stack>
  )
}

function ClassLine({ group, kind, today, studentsLabel }: { group: ClassGroup; kind: 'student' | 'teacher'; today: Temporal.PlainDate; studentsLabel: string }) {
  const { LL } = useI18nContext()
  const progress = classProgress(group, today)
  const time = timeText(LL.classes, progress.time, group.status === 'draft')
  return (
    <Flex
      as="li"
      data-class-id={group.id}
      gap="3"
      py="3"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      borderBottomWidth="1px"
      borderColor="border.subtle"
    >
      <Stack gap="0.5" flex="1" minW="0">
        {/* a draft reopens in the wizard, at the step it was left; a class opens its page */}
        <RouterLink
          href={group.is_draft ? paths.classesNew(group.organization_id, group.id) : paths.classDetails(group.organization_id, group.id)}
          className={css({ color: 'colorPalette.text', textDecoration: 'underline', fontWeight: 'medium', wordBreak: 'break-word' })}
        >
          {group.name}
        </RouterLink>
        <Text textStyle="sm" color="fg.muted">
          {kind === 'student'
            ? LL.personClasses.dates({ start: LL.common.date({ value: group.start_date }), end: LL.common.date({ value: group.end_date }) })
            : `${studentsLabel}: ${group.users_count}`}
        </Text>
      </Stack>
      <Stack gap="1" w={{ base: 'full', sm: '56' }} flexShrink="0">
        <Text textStyle="sm" fontWeight="medium">
          {LL.classes.status[group.status]()}
        </Text>
        <ProgressBar value={progress.percent} tone={progress.tone} label={LL.classes.progress({ percent: progress.percent })} />
        {time ? (
          <Text textStyle="xs" color="fg.muted">
            {time}
          </Text>
        ) : null}
      </Stack>
    </Flex>
  )
}

function timeText(t: ReturnType<typeof useI18nContext>['LL']['classes'], time: TimeText, draft: boolean): string | null {
  switch (time.kind) {
    case 'daysLeft':
      return t.daysLeft({ count: time.count })
    case 'daysToGo':
      return t.daysToGo({ count: time.count })
    case 'endsToday':
      return t.endsToday()
    case 'ended':
      return t.ended()
    case 'none':
      return draft ? t.notScheduled() : null
  }
}
