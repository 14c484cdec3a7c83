import { useActorRef, useSelector } from '@xstate/react'
import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import { FILE_IMPORTS, fileImportMachine } from '../../../../machines/file-import'
import type { ClassUserImportClass } from '../../../../machines/types'
import { Flex, Stack, styled } from '../../../../styled-system/jsx'
import { classUserImportActors, classUserImportOf, downloadUserTemplate } from '../../../api/class-user-import'
import { errorMessages } from '../../../api/errors'
import { actorOptions } from '../../../app/inspect'
import { paths } from '../../../app/paths'
import { Button, Checkbox, ErrorPanel, Link, Table, Tabs, Text, toaster } from '../../../ui'
import { ImportFile } from '../../shared/ImportFile'
import { InvitationAllowanceNotice } from '../../shared/InvitationAllowanceNotice'
import { useFileImport } from '../../shared/use-file-import'
import { AdminImportPage } from './AdminImportPage'

/**
 * /organization/{id}/classes/import-users — user import into classes (specification 001 §2 User import
 * into classes; machine file-import with FILE_IMPORTS.classUsers): the xlsx and csv templates, a file
 * chosen or dropped, its upload with a progress bar, each class of the file in a tab with its rows and
 * their errors, the consent box, the confirmation, and the result: how many were invited to each
 * class. Organization admins only (§6); the server refuses anyone else as well.
 */
export function ClassUserImportPage() {
  const { LL } = useI18nContext()
  return <AdminImportPage wording={LL.classUserImport} Panel={ImportPanel} />
}

function ImportPanel({ organizationId, company }: { organizationId: number; company: boolean }) {
  const { LL } = useI18nContext()
  const T = LL.classUserImport
  const C = LL.classImport
  const wording = company ? T.company : T.school
  const flow = useActorRef(fileImportMachine.provide({ actors: classUserImportActors(organizationId) }), { ...actorOptions(), input: { settings: FILE_IMPORTS.classUsers } })
  const { busy, confirming, imported, canConfirm, messages, file } = useFileImport(flow, () => C.fileTooLarge())
  const preview = useSelector(flow, (s) => classUserImportOf(s.context.preview))
  const consent = useSelector(flow, (s) => s.context.consent)

  const download = (format: 'xlsx' | 'csv') =>
    downloadUserTemplate(organizationId, format).catch((failure: unknown) =>
      toaster.error({ title: LL.errors.generic(), description: errorMessages(failure, LL.errors.generic(), LL.errors.network()).join(' ') }),
    )
  const columnName = (column: string) => (column === 'email' ? T.emailColumn() : column === 'class_name' ? C.column.name() : column)
  const rowErrors = (entry: ClassUserImportClass) =>
    entry.rows.flatMap((row) => row.errors.map((problem) => C.errorAt({ row: row.row, column: columnName(problem.column), message: problem.message })))
  const allErrors = preview && !imported ? preview.classes.flatMap(rowErrors) : []
  const tabOf = (entry: ClassUserImportClass) => String(entry.rows[0]?.row ?? '')

  if (imported && preview) {
    return (
      <Stack gap="4" role="status" aria-live="polite">
        <Text as="h2" fontSize="xl" fontWeight="semibold">
          {T.sent()}
        </Text>
        <styled.ul m="0" pl="5">
          {preview.classes.map((entry) => (
            <li key={tabOf(entry)}>
              {entry.group !== null ? (
                <Link asChild>
                  <RouterLink href={paths.classDetails(organizationId, entry.group)}>
                    {T.perClass({ name: entry.name, invited: entry.invited, joined: entry.joined })}
                  </RouterLink>
                </Link>
              ) : (
                T.perClass({ name: entry.name, invited: entry.invited, joined: entry.joined })
              )}
            </li>
          ))}
        </styled.ul>
        <Flex gap="3" wrap="wrap">
          <Button asChild>
            <RouterLink href={paths.classes(organizationId)}>{wording.back()}</RouterLink>
          </Button>
          <Button variant="ghost" onClick={() => flow.send({ type: 'import.another' })}>
            {C.another()}
          </Button>
        </Flex>
      </Stack>
    )
  }

  return (
    <Stack gap="5" aria-busy={busy}>
      <Text maxW="prose">{wording.intro()}</Text>
      <Flex gap="4" wrap="wrap">
        <Link asChild>
          <button type="button" onClick={() => void download('xlsx')}>
            {T.templateXlsx()}
          </button>
        </Link>
        <Link asChild>
          <button type="button" onClick={() => void download('csv')}>
            {T.templateCsv()}
          </button>
        </Link>
      </Flex>

      <ImportFile
        {...file}
        texts={{ drop: T.drop(), choose: C.choose(), removeFile: C.removeFile(), uploading: (file) => C.uploading({ file }), reading: C.reading() }}
      />
      <ErrorPanel messages={messages} />

      {preview ? (
        <Stack gap="4">
          <Text role="status" fontWeight="medium">
            {T.summary({ total: preview.total, errors: preview.with_errors })}
          </Text>
          <InvitationAllowanceNotice allowance={preview.invitation_allowance} />
          {allErrors.length > 0 ? <ErrorPanel title={T.fixErrors()} messages={allErrors} /> : <Text color="fg.success">{T.ready()}</Text>}
          <Tabs.Root defaultValue={tabOf(preview.classes[0]!)} variant="enclosed">
            <Tabs.List flexWrap="wrap" h="auto">
              {preview.classes.map((entry) => (
                <Tabs.Trigger key={tabOf(entry)} value={tabOf(entry)} color={entry.rows.some((row) => row.errors.length > 0) ? 'fg.error' : undefined}>
                  {entry.name || T.noClass()} ({entry.rows.length})
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {preview.classes.map((entry) => (
              <Tabs.Content key={tabOf(entry)} value={tabOf(entry)}>
                <ClassRows entry={entry} columnName={columnName} consent={consent} company={company} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
          <Stack gap="1">
            <Checkbox checked={consent} disabled={confirming} onCheckedChange={(details) => flow.send({ type: 'import.consent', consent: details.checked === true })}>
              {T.consent()}
            </Checkbox>
            <Text color="fg.muted" fontSize="sm">
              {T.consentHelp()}
            </Text>
          </Stack>
          <Flex justify="flex-end">
            <Button disabled={!canConfirm} loading={confirming} loadingText={T.sending()} onClick={() => flow.send({ type: 'import.confirm' })}>
              {T.confirm({ count: preview.total })}
            </Button>
          </Flex>
        </Stack>
      ) : null}
    </Stack>
  )
}

/**
 * The rows of one class: row number, address, and its check: its errors, or what will happen to it as
 * the consent box stands (a student of the organization joins at once with consent, anyone else is
 * invited), and once confirmed what happened.
 */
function ClassRows({ entry, columnName, consent, company }: { entry: ClassUserImportClass; columnName: (column: string) => string; consent: boolean; company: boolean }) {
  const { LL } = useI18nContext()
  const T = LL.classUserImport
  const S = company ? T.rowStatus.company : T.rowStatus.school
  const status = (row: ClassUserImportClass['rows'][number]) =>
    row.outcome === 'joined'
      ? S.joined()
      : row.outcome === 'invited'
        ? T.rowStatus.invited()
        : row.student && consent
          ? S.joins()
          : row.student
            ? S.invitedStudent()
            : S.invitedNew()
  return (
    <styled.div pt="3">
      <Table.Root size="sm">
        <Table.Head>
          <Table.Row>
            <Table.Header>{T.rowColumn()}</Table.Header>
            <Table.Header>{T.emailColumn()}</Table.Header>
            <Table.Header>{T.statusColumn()}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {entry.rows.map((row) => (
            <Table.Row key={row.row}>
              <Table.Cell>{row.row}</Table.Cell>
              <Table.Cell overflowWrap="anywhere">{row.values.email || '—'}</Table.Cell>
              <Table.Cell color={row.errors.length > 0 ? 'fg.error' : 'fg.success'}>
                {row.errors.length > 0 ? row.errors.map((problem) => `${columnName(problem.column)}: ${problem.message}`).join(' ') : status(row)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </styled.div>
  )
}
