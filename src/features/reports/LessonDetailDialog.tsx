import type { LessonRecord } from '../../../machines/types'
import { useI18nContext } from '../../../locales/i18n-react'
import { HStack, Stack } from '../../../styled-system/jsx'
import { Button, Dialog, Portal, Table, Text } from '../../ui'
import { scorePercent, usDateTime } from './format'

/**
 * The lesson detail popup (000 §2): module, lesson, overall native score (a rounded percentage,
 * blank when 0), date (HH:mma MM/dd/yyyy, in `timeZone`, the organization's, as its reports count the
 * day), difficulty level, newest first.
 */
export function LessonDetailDialog({ lessons, timeZone, onClose }: { lessons: LessonRecord[]; timeZone: string; onClose: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.reports
  const rows = [...lessons].sort((a, b) => b.date.localeCompare(a.date))
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxWidth="min(56rem, calc(100vw - 2rem))" width="full">
            <Stack gap="4" p="6">
              <Dialog.Title>{t.lessonDetail()}</Dialog.Title>
              {rows.length === 0 ? (
                <Text color="fg.muted">{t.noLessons()}</Text>
              ) : (
                <Stack maxHeight="60vh" overflowY="auto">
                  <Table.ScrollArea label={t.lessonDetail()}>
                    <Table.Root size="sm">
                      <Table.Head>
                        <Table.Row>
                          <Table.Header scope="col">{t.module()}</Table.Header>
                          <Table.Header scope="col">{t.lesson()}</Table.Header>
                          <Table.Header scope="col">{t.nativeScore()}</Table.Header>
                          <Table.Header scope="col">{t.date()}</Table.Header>
                          <Table.Header scope="col">{t.difficulty()}</Table.Header>
                        </Table.Row>
                      </Table.Head>
                      <Table.Body>
                        {rows.map((row, i) => (
                          <Table.Row key={`${row.date}-${i}`}>
                            <Table.Cell>{row.module_name}</Table.Cell>
                            <Table.Cell>{row.lesson_name}</Table.Cell>
                            <Table.Cell>{scorePercent(row.overall_native_score)}</Table.Cell>
                            <Table.Cell whiteSpace="nowrap">{usDateTime(row.date, timeZone)}</Table.Cell>
                            <Table.Cell>{row.difficulty_level ?? ''}</Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                </Stack>
              )}
              <HStack justify="flex-end">
                <Button onClick={onClose}>{t.close()}</Button>
              </HStack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
