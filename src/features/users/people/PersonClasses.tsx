import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useI18nContext } from '../../../../locales/i18n-react'
import { pagedListMachine } from '../../../../machines/paged-list'
import type { ClassGroup, PersonClassesQuery } from '../../../../machines/types'
import { css } from '../../../../styled-system/css'
import { Flex, Grid, Stack } from '../../../../styled-system/jsx'
import { errorMessage } from '../../../api/errors'
import { Button, ErrorPanel, Heading, Spinner, Text } from '../../../ui'
import { ClassLink, ClassStatusProgress } from '../../classes/ClassStatus'
import { useOrganizationType } from '../../shared/current'
import { asPageLoader, pageOf, type PagedListLoader } from '../../shared/paged-list'

type LoadClasses = PagedListLoader<ClassGroup, PersonClassesQuery>

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
  // one page: the first classes and how many there are in all
  const query: PersonClassesQuery = { page: 1, userId }
  const flow = useActorRef(pagedListMachine.provide({ actors: { loadPage: asPageLoader(load) } }), { input: { organizationId, query } })
  const classes = useSelector(flow, pageOf<ClassGroup>())
  const error = useSelector(flow, (s) => s.context.error)
  const [expanded, setExpanded] = useState(false)
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
          <ErrorPanel messages={[t.failed(), errorMessage(error, LL.common.genericError(), LL.errors.network())]} />
          <Button variant="outline" onClick={() => flow.send({ type: 'list.retry' })}>
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
              <ClassLine key={group.id} group={group} kind={kind} studentsLabel={t.studentsColumn()} />
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

function ClassLine({ group, kind, studentsLabel }: { group: ClassGroup; kind: 'student' | 'teacher'; studentsLabel: string }) {
  const { LL } = useI18nContext()
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
        <ClassLink group={group} className={css({ fontWeight: 'medium', wordBreak: 'break-word' })} />
        <Text textStyle="sm" color="fg.muted">
          {kind === 'student'
            ? LL.personClasses.dates({ start: LL.common.date({ value: group.start_date }), end: LL.common.date({ value: group.end_date }) })
            : `${studentsLabel}: ${group.users_count}`}
        </Text>
      </Stack>
      <ClassStatusProgress group={group} w={{ base: 'full', sm: '56' }} flexShrink="0" />
    </Flex>
  )
}
