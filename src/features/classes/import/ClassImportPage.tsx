import { useActorRef, useSelector } from '@xstate/react'
import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import { FILE_IMPORTS, fileImportMachine } from '../../../../machines/file-import'
import type { ClassImportClass } from '../../../../machines/types'
import { Flex, Stack } from '../../../../styled-system/jsx'
import { classImportActors, classImportOf, downloadClassTemplate } from '../../../api/class-import'
import { errorMessages } from '../../../api/errors'
import { actorOptions } from '../../../app/inspect'
import { paths } from '../../../app/paths'
import { Button, ErrorPanel, Link, Tabs, Text, toaster } from '../../../ui'
import { ImportFile } from '../../shared/ImportFile'
import { InvitationAllowanceNotice } from '../../shared/InvitationAllowanceNotice'
import { useFileImport } from '../../shared/use-file-import'
import { AdminImportPage } from './AdminImportPage'
import { ClassPreview } from './ClassPreview'

/**
 * /organization/{id}/classes/import — class import (specification 001 §2 Class import; machine
 * file-import with FILE_IMPORTS.classes): the class-list template, an .xlsx chosen or dropped, its
 * upload with a progress bar, each class of the file in a tab (overview and read-only goals) with its
 * errors by row, the confirmation, and the result: how many were imported, with "import users now" or
 * "later". Organization admins only (§6); the server refuses anyone else as well.
 */
export function ClassImportPage() {
  const { LL } = useI18nContext()
  return <AdminImportPage wording={LL.classImport} Panel={ImportPanel} />
}

function ImportPanel({ organizationId, company }: { organizationId: number; company: boolean }) {
  const { LL } = useI18nContext()
  const T = LL.classImport
  const wording = company ? T.company : T.school
  const flow = useActorRef(fileImportMachine.provide({ actors: classImportActors(organizationId) }), { ...actorOptions(), input: { settings: FILE_IMPORTS.classes } })
  const { busy, confirming, imported, canConfirm, messages, file } = useFileImport(flow, () => T.fileTooLarge())
  const preview = useSelector(flow, (s) => classImportOf(s.context.preview))

  const download = () =>
    downloadClassTemplate(organizationId).catch((failure: unknown) =>
      toaster.error({ title: LL.errors.generic(), description: errorMessages(failure, LL.errors.generic(), LL.errors.network()).join(' ') }),
    )
  const columnName = (column: string) => (column in T.column ? T.column[column as keyof typeof T.column]() : column)
  const rowErrors = (entry: ClassImportClass) =>
    entry.errors.map((problem) => T.errorAt({ row: entry.row, column: columnName(problem.column), message: problem.message }))
  const allErrors = preview && !imported ? preview.classes.flatMap(rowErrors) : []

  if (imported && preview) {
    return (
      <Stack gap="4" role="status" aria-live="polite">
        <Text as="h2" fontSize="xl" fontWeight="semibold">
          {wording.imported({ count: preview.total })}
        </Text>
        <Flex gap="3" wrap="wrap">
          <Button asChild>
            <RouterLink href={paths.classesImportUsers(organizationId)}>{T.importUsersNow()}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink href={paths.classes(organizationId)}>{T.later()}</RouterLink>
          </Button>
          <Button variant="ghost" onClick={() => flow.send({ type: 'import.another' })}>
            {T.another()}
          </Button>
        </Flex>
      </Stack>
    )
  }

  return (
    <Stack gap="5" aria-busy={busy}>
      <Text maxW="prose">{wording.intro()}</Text>
      <Flex>
        <Link asChild>
          <button type="button" onClick={() => void download()}>
            {wording.template()}
          </button>
        </Link>
      </Flex>

      <ImportFile
        {...file}
        texts={{ drop: T.drop(), choose: T.choose(), removeFile: T.removeFile(), uploading: (file) => T.uploading({ file }), reading: T.reading() }}
      />
      <ErrorPanel messages={messages} />

      {preview ? (
        <Stack gap="4">
          <Text role="status" fontWeight="medium">
            {wording.summary({ total: preview.total, errors: preview.with_errors })}
          </Text>
          <InvitationAllowanceNotice allowance={preview.invitation_allowance} />
          {allErrors.length > 0 ? <ErrorPanel title={T.fixErrors()} messages={allErrors} /> : <Text color="fg.success">{T.ready()}</Text>}
          <Tabs.Root defaultValue={String(preview.classes[0]?.row ?? '')} variant="enclosed">
            <Tabs.List flexWrap="wrap" h="auto">
              {preview.classes.map((entry) => (
                <Tabs.Trigger key={entry.row} value={String(entry.row)} color={entry.errors.length > 0 ? 'fg.error' : undefined}>
                  {entry.name || T.row({ row: entry.row })}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {preview.classes.map((entry) => (
              <Tabs.Content key={entry.row} value={String(entry.row)}>
                <ClassPreview entry={entry} errors={rowErrors(entry)} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
          <Flex justify="flex-end">
            <Button disabled={!canConfirm} loading={confirming} loadingText={T.importing()} onClick={() => flow.send({ type: 'import.confirm' })}>
              {wording.confirm({ count: preview.total })}
            </Button>
          </Flex>
        </Stack>
      ) : null}
    </Stack>
  )
}
