import { useActorRef, useSelector } from '@xstate/react'
import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { joinCodeSettingsMachine } from '../../../machines/join-code-settings'
import { css } from '../../../styled-system/css'
import { HStack, Stack } from '../../../styled-system/jsx'
import { errorMessage } from '../../api/errors'
import { loadJoinCode, resetJoinCode, updateJoinCode } from '../../api/join-code'
import { Button, Checkbox, Dialog, ErrorPanel, Input, Portal, Spinner, Text, toaster } from '../../ui'
import { ConfirmAlert } from '../shared/ConfirmAlert'
import { LoadFailed } from '../shared/LoadFailed'
import { roleLabel, type Terms } from '../shared/terms'
import { JoinCodePoster } from './JoinCodePoster'

export interface JoinCodeDialogProps {
  organizationId: number
  organizationName: string
  terms: Terms
  onClose: () => void
}

/** The QR code of a link as SVG text (the `qrcode` package: it comes with this dialog's chunk only). */
const useQrSvg = (link: string | undefined): string | null => {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    if (!link) return
    let current = true
    void QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((text) => {
      if (current) setSvg(text)
    })
    return () => {
      current = false
    }
  }, [link])
  return link ? svg : null
}

/** Saves a file through a link to its address (blob: and data: URLs are allowed by the CSP's img-src and download rules). */
const saveAs = (url: string, fileName: string) => {
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.click()
}

const downloadSvg = (svg: string, fileName: string) => {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
  saveAs(url, fileName)
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** The QR code as a PNG drawn by the `qrcode` package on a canvas, large enough to print sharp (1024 px). */
const downloadPng = async (link: string, fileName: string) => {
  saveAs(await QRCode.toDataURL(link, { type: 'image/png', width: 1024, margin: 2, errorCorrectionLevel: 'M' }), fileName)
}

/**
 * "Invite by code" of the users view: the organization's join code, its link with a copy button, the
 * link's QR code (shown, downloadable as SVG and PNG, and a print view for a classroom wall), resetting the code
 * after a confirmation, turning code joining off and on, and requiring an admin's approval.
 */
export function JoinCodeDialog({ organizationId, organizationName, terms, onClose }: JoinCodeDialogProps) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers.joinCode.admin
  const flow = useActorRef(
    joinCodeSettingsMachine.provide({
      actors: { loadJoinCode, updateJoinCode, resetJoinCode },
      actions: { announceReset: (_, { code }) => toaster.success({ title: t.resetDone({ code }) }) },
    }),
    { input: { organizationId } },
  )
  const settings = useSelector(flow, (s) => s.context.settings)
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const error = useSelector(flow, (s) => s.context.error)
  const actionError = useSelector(flow, (s) => s.context.actionError)
  const confirming = useSelector(flow, (s) => s.matches('confirmingReset') || s.matches('resetting'))
  const svg = useQrSvg(settings?.link)
  const [printing, setPrinting] = useState(false)

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link)
      toaster.success({ title: t.copied() })
    } catch {
      // no clipboard (an insecure page, a refusal): the link stays selectable in its box
    }
  }

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', md: 'xl' }} maxW="xl" maxH="calc(100dvh - 2rem)" overflowY="auto">
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>{t.invite()}</Dialog.Title>
                <Dialog.Description>
                  {t.description({ organization: organizationName, role: roleLabel(terms, 'student') })}
                </Dialog.Description>
              </Stack>
              {actionError ? <ErrorPanel title={t.changeFailed()} messages={[errorMessage(actionError, LL.common.genericError(), LL.errors.network())]} /> : null}
              {error ? (
                <LoadFailed title={t.loadFailed()} messages={[errorMessage(error, LL.common.genericError(), LL.errors.network())]} onRetry={() => flow.send({ type: 'joinCode.retry' })} />
              ) : settings === null ? (
                <Spinner label={LL.common.loading()} />
              ) : (
                <Stack gap="4" aria-busy={busy}>
                  <Stack gap="1">
                    <Text fontSize="sm" fontWeight="medium">
                      {t.code()}
                    </Text>
                    <Text
                      data-testid="join-code"
                      fontFamily="mono"
                      fontSize="3xl"
                      fontWeight="bold"
                      letterSpacing="0.3em"
                      color={settings.enabled ? undefined : 'fg.muted'}
                      textDecoration={settings.enabled ? undefined : 'line-through'}
                    >
                      {settings.code}
                    </Text>
                  </Stack>
                  {settings.enabled ? null : <Text color="fg.error">{t.off()}</Text>}
                  <Stack gap="1.5">
                    <label htmlFor="join-code-link" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
                      {t.link()}
                    </label>
                    <HStack gap="2">
                      <Input id="join-code-link" readOnly value={settings.link} onFocus={(event) => event.currentTarget.select()} />
                      <Button variant="outline" onClick={() => void copy(settings.link)}>
                        {t.copy()}
                      </Button>
                    </HStack>
                  </Stack>
                  {svg ? (
                    <Stack gap="2" align="center">
                      <img
                        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
                        alt={t.qr()}
                        width={192}
                        height={192}
                        className={css({ bg: 'white', borderRadius: 'l2', opacity: settings.enabled ? 1 : 0.4 })}
                      />
                      <HStack gap="2" justify="center" flexWrap="wrap">
                        <Button size="sm" variant="outline" onClick={() => downloadSvg(svg, `join-${settings.code}.svg`)}>
                          {t.download()}
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => void downloadPng(settings.link, `join-${settings.code}.png`)}>
                          {t.downloadPng()}
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setPrinting(true)}>
                          {t.printView()}
                        </Button>
                      </HStack>
                    </Stack>
                  ) : null}
                  <Stack gap="2">
                    <Checkbox
                      checked={settings.enabled}
                      disabled={busy}
                      onCheckedChange={(details) => flow.send({ type: 'joinCode.setEnabled', enabled: details.checked === true })}
                    >
                      {t.enabled()}
                    </Checkbox>
                    <Checkbox
                      checked={settings.requires_approval}
                      disabled={busy}
                      onCheckedChange={(details) => flow.send({ type: 'joinCode.setApproval', requiresApproval: details.checked === true })}
                    >
                      {t.approval()}
                    </Checkbox>
                    <Text fontSize="sm" color="fg.muted">
                      {t.teachers()}
                    </Text>
                  </Stack>
                </Stack>
              )}
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="flex-end">
                <Button variant="outline" colorPalette="red" disabled={settings === null || busy} onClick={() => flow.send({ type: 'joinCode.reset' })}>
                  {t.reset()}
                </Button>
                <Button onClick={onClose}>{LL.common.close()}</Button>
              </Stack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {printing && svg && settings ? (
        <JoinCodePoster
          organizationName={organizationName}
          code={settings.code}
          link={settings.link}
          svg={svg}
          onClose={() => setPrinting(false)}
        />
      ) : null}
      {confirming ? (
        <ConfirmAlert
          title={t.resetTitle()}
          description={t.resetDescription()}
          confirmLabel={t.resetConfirm()}
          busy={busy}
          onConfirm={() => flow.send({ type: 'reset.confirm' })}
          onCancel={() => flow.send({ type: 'reset.cancel' })}
        />
      ) : null}
    </Dialog.Root>
  )
}
