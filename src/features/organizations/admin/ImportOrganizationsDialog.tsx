import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useI18nContext } from '../../../../locales/i18n-react'
import { FILE_IMPORTS, fileImportMachine } from '../../../../machines/file-import'
import type { OrganizationImportRow } from '../../../../machines/types'
import { Flex, Stack, styled } from '../../../../styled-system/jsx'
import { errorMessages } from '../../../api/errors'
import { downloadImportTemplate, organizationImportActors, organizationImportOf } from '../../../api/organization-import'
import { actorOptions } from '../../../app/inspect'
import { Badge, Button, Checkbox, Dialog, ErrorPanel, IconButton, Portal, Spinner, Table, Text, XIcon, toaster } from '../../../ui'
import { FileChooser } from '../../shared/FileChooser'
import { useFileImport } from '../../shared/use-file-import'

/**
 * The import dialog of the admin list (machine file-import with FILE_IMPORTS.organizations): the
 * template, a file chosen or dropped (another one replaces it), the preview of its rows with their
 * errors, and the confirmation. Rendered while it is open, so that each opening starts a fresh flow; it
 * cannot be closed while the organizations are created.
 */
export function ImportOrganizationsDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (count: number) => void }) {
  const { LL } = useI18nContext()
  const T = LL.adminOrganizations.organizationImport
  const flow = useActorRef(
    fileImportMachine.provide({
      actors: organizationImportActors,
      actions: { announceImported: (_, { preview }) => onCreated(preview.total) },
    }),
    { ...actorOptions(), input: { settings: FILE_IMPORTS.organizations } },
  )
  // the file goes with the call that reads it: its upload is the reading
  const { busy, reading: uploading, confirming, imported: created, error, messages, file } = useFileImport(flow, (max) => T.fileTooLarge({ max }))
  const preview = useSelector(flow, (s) => organizationImportOf(s.context.preview))
  const [onlyErrors, setOnlyErrors] = useState(false)
  const rows = preview && !created ? preview.rows.filter((row) => !onlyErrors || row.errors.length > 0) : []
  const download = (format: 'csv' | 'xlsx') =>
    downloadImportTemplate(format).catch((failure: unknown) =>
      toaster.error({ title: T.templateFailed(), description: errorMessages(failure, LL.errors.generic(), LL.errors.network()).join(' ') }),
    )

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open && !confirming) onClose()
      }}
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="full" maxW="960px" maxH="calc(100dvh - 2rem)" overflowY="auto" aria-busy={busy}>
            <Stack gap="5" p={{ base: '4', md: '6' }}>
              <Dialog.Title pe="8">{T.title()}</Dialog.Title>
              <Dialog.Description>{T.intro()}</Dialog.Description>
              <Flex gap="4" wrap="wrap">
                <Button variant="link" onClick={() => void download('csv')}>
                  {T.templateCsv()}
                </Button>
                <Button variant="link" onClick={() => void download('xlsx')}>
                  {T.templateXlsx()}
                </Button>
              </Flex>
              {created && preview ? (
                <Text role="status" fontWeight="medium">
                  {T.created({ count: preview.total })}
                </Text>
              ) : null}
              {!confirming ? (
                <FileChooser
                  dropText={T.drop()}
                  chooseText={T.choose()}
                  buttonText={preview ? T.uploadAgain() : T.choose()}
                  disabled={uploading}
                  onChoose={(file) => flow.send({ type: 'import.choose', file })}
                />
              ) : null}
              {uploading ? <Spinner label={T.uploading({ file: file.name ?? '' })} /> : null}
              <ErrorPanel messages={messages} title={error && preview ? T.confirmFailed() : error ? T.uploadFailed() : undefined} />
              {preview && !created ? (
                <Stack gap="4">
                  <Flex gap="4" align="center" justify="space-between" wrap="wrap">
                    <Text role="status" fontWeight="medium">
                      {T.counts({ total: preview.total, errors: preview.with_errors })}
                    </Text>
                    {preview.with_errors > 0 ? (
                      <Checkbox checked={onlyErrors} onCheckedChange={(details) => setOnlyErrors(details.checked === true)}>
                        {T.onlyErrors()}
                      </Checkbox>
                    ) : null}
                  </Flex>
                  {preview.with_errors > 0 ? <ErrorPanel messages={[T.fixAndUpload()]} /> : null}
                  <PreviewTable rows={rows} />
                  <Flex justify="flex-end" gap="3" wrap="wrap">
                    <Button
                      disabled={preview.with_errors > 0 || confirming}
                      loading={confirming}
                      loadingText={T.creating()}
                      onClick={() => flow.send({ type: 'import.confirm' })}
                    >
                      {T.confirm({ count: preview.total })}
                    </Button>
                  </Flex>
                </Stack>
              ) : null}
              {created ? (
                <Flex justify="flex-end">
                  <Button onClick={onClose}>{LL.common.close()}</Button>
                </Flex>
              ) : null}
            </Stack>
            <Dialog.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
              <IconButton aria-label={LL.common.close()} variant="ghost" size="sm" disabled={confirming}>
                <XIcon />
              </IconButton>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** The rows of the file: number, name, owner, and the errors on the row, each naming its column. */
function PreviewTable({ rows }: { rows: readonly OrganizationImportRow[] }) {
  const { LL } = useI18nContext()
  const T = LL.adminOrganizations.organizationImport
  return (
    <Table.ScrollArea label={T.tableLabel()}>
      <Table.Root size="sm" minW="640px">
        <Table.Head>
          <Table.Row>
            <Table.Header w="16">{T.columns.row()}</Table.Header>
            <Table.Header>{T.columns.name()}</Table.Header>
            <Table.Header>{T.columns.owner()}</Table.Header>
            <Table.Header>{T.columns.status()}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.row} data-invalid={row.errors.length > 0 ? '' : undefined}>
              <Table.Cell>{row.row}</Table.Cell>
              <Table.Cell fontWeight="medium">{row.values.name}</Table.Cell>
              <Table.Cell>{row.values.owner_email}</Table.Cell>
              <Table.Cell>
                {row.errors.length === 0 ? (
                  <Badge variant="outline">{T.rowReady()}</Badge>
                ) : (
                  <styled.ul color="fg.error" display="flex" flexDirection="column" gap="1">
                    {row.errors.map((item, index) => (
                      <li key={index}>
                        <styled.code fontWeight="medium">{item.column}</styled.code>: {item.message}
                      </li>
                    ))}
                  </styled.ul>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
