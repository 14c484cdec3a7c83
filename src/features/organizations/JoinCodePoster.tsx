import { useI18nContext } from '../../../locales/i18n-react'
import { css } from '../../../styled-system/css'
import { HStack, Stack } from '../../../styled-system/jsx'
import { Button, Dialog, Portal, Text } from '../../ui'

export interface JoinCodePosterProps {
  organizationName: string
  code: string
  link: string
  /** The QR code of the link, as SVG text. */
  svg: string
  onClose: () => void
}

/**
 * The print view of the join code, for a classroom wall: the organization's name, the code in large
 * letters, the QR code and the link, and where to type the code. Printing leaves everything else off
 * the paper (`data-print-view`, panda.config's print rule) and this view's own buttons.
 */
export function JoinCodePoster({ organizationName, code, link, svg, onClose }: JoinCodePosterProps) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers.joinCode.admin
  const joinPage = `${new URL(link).origin}/join`
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop _print={{ display: 'none' }} />
        <Dialog.Positioner _print={{ position: 'static', display: 'block' }}>
          <Dialog.Content
            data-print-view=""
            w={{ base: 'calc(100vw - 2rem)', md: '2xl' }}
            maxW="2xl"
            maxH="calc(100dvh - 2rem)"
            overflowY="auto"
            _print={{ w: '100%', maxW: 'none', maxH: 'none', overflow: 'visible', boxShadow: 'none', bg: 'white', color: 'black' }}
          >
            <Stack gap="6" p={{ base: '6', md: '10' }} align="center" textAlign="center">
              <Dialog.Title fontSize={{ base: '2xl', md: '4xl' }} lineHeight="1.2">
                {t.posterTitle({ organization: organizationName })}
              </Dialog.Title>
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
                alt={t.qr()}
                width={320}
                height={320}
                className={css({ bg: 'white', maxW: '100%', h: 'auto' })}
              />
              <Dialog.Description fontSize={{ base: 'md', md: 'xl' }}>{t.posterScan()}</Dialog.Description>
              <Text fontFamily="mono" fontSize={{ base: 'sm', md: 'lg' }} wordBreak="break-all">
                {link}
              </Text>
              <Text fontSize={{ base: 'md', md: 'xl' }}>{t.posterCode({ page: joinPage })}</Text>
              <Text data-testid="poster-code" fontFamily="mono" fontSize={{ base: '5xl', md: '7xl' }} fontWeight="bold" letterSpacing="0.2em">
                {code}
              </Text>
              <HStack gap="3" justify="center" flexWrap="wrap" _print={{ display: 'none' }}>
                <Button variant="outline" onClick={onClose}>
                  {LL.common.close()}
                </Button>
                <Button onClick={() => window.print()}>{t.print()}</Button>
              </HStack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
