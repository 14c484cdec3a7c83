import { Fragment, useState } from 'react'
import type { AssessmentRecord } from '../../../machines/types'
import { useI18nContext } from '../../../locales/i18n-react'
import { styled } from '../../../styled-system/jsx'
import { Button, ChevronDownIcon, ChevronUpIcon, Table, Text } from '../../ui'
import { scorePercent, usDateTime } from './format'

/**
 * The assessment history table (spec §2, 000 §2): skills (expandable, name and score), assessment
 * test score, pronunciation, intonation, fluency, date taken (HH:mma MM/dd/yyyy, in `timeZone`, the
 * organization's, as its reports count the day). Newest first.
 */
export function AssessmentHistory({ assessments, timeZone }: { assessments: AssessmentRecord[]; timeZone: string }) {
  const { LL } = useI18nContext()
  const t = LL.reports
  const [open, setOpen] = useState<string | null>(null)
  if (assessments.length === 0) return <Text color="fg.muted">{t.noAssessments()}</Text>
  const rows = [...assessments].sort((a, b) => b.date_assessment.localeCompare(a.date_assessment))
  return (
    <Table.ScrollArea label={t.assessmentHistory()}>
      <Table.Root size="sm">
        <Table.Caption srOnly>{t.assessmentHistory()}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t.skills()}</Table.Header>
            <Table.Header scope="col">{t.assessmentScore()}</Table.Header>
            <Table.Header scope="col">{t.pronunciation()}</Table.Header>
            <Table.Header scope="col">{t.intonation()}</Table.Header>
            <Table.Header scope="col">{t.fluency()}</Table.Header>
            <Table.Header scope="col">{t.dateTaken()}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => {
            const when = usDateTime(row.date_assessment, timeZone)
            const expanded = open === row.date_assessment
            const skillsId = `skills-${row.date_assessment}`
            return (
              <Fragment key={row.date_assessment}>
                <Table.Row>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-expanded={expanded}
                      aria-controls={expanded ? skillsId : undefined}
                      disabled={row.skills.length === 0}
                      onClick={() => setOpen(expanded ? null : row.date_assessment)}
                    >
                      {t.skills()} ({row.skills.length})
                      {expanded ? <ChevronUpIcon /> : <ChevronDownIcon />}
                    </Button>
                  </Table.Cell>
                  <Table.Cell>{scorePercent(row.overall_score ?? row.eps)}</Table.Cell>
                  <Table.Cell>{scorePercent(row.pronunciation)}</Table.Cell>
                  <Table.Cell>{scorePercent(row.intonation)}</Table.Cell>
                  <Table.Cell>{scorePercent(row.fluency)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{when}</Table.Cell>
                </Table.Row>
                {expanded ? (
                  <Table.Row id={skillsId}>
                    <Table.Cell colSpan={6} bg="bg.subtle">
                      {/* name and score side by side, so both stay in view at 360 px however wide the table is */}
                      <styled.ul display="flex" flexDirection="column" gap="1" aria-label={t.skills()}>
                        {row.skills.map((skill) => (
                          <styled.li key={skill.name} display="flex" gap="3">
                            <span>{skill.name}</span>
                            <styled.span fontWeight="semibold">{scorePercent(skill.score)}</styled.span>
                          </styled.li>
                        ))}
                      </styled.ul>
                    </Table.Cell>
                  </Table.Row>
                ) : null}
              </Fragment>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
