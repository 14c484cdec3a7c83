import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { useI18nContext } from '../../../locales/i18n-react'
import type { fileImportMachine } from '../../../machines/file-import'
import { errorMessages } from '../../api/errors'

/** A running file import (machines/file-import.ts), whichever screen's. */
export type FileImportFlow = ActorRefFrom<typeof fileImportMachine>

/**
 * What the import screens show of their flow, read from its state: whether it is busy, uploading,
 * reading, asking, confirming or done, whether it may be confirmed, what went wrong in words a person
 * can act on (the file refused in the browser, or the server's answer), and the props of the file step
 * (ImportFile but for its texts). `tooLarge` is the screen's own words for a file over the limit.
 */
export function useFileImport(flow: FileImportFlow, tooLarge: (maxKilobytes: number) => string) {
  const { LL } = useI18nContext()
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const uploading = useSelector(flow, (s) => s.matches('requestingUpload') || s.matches('uploading'))
  const reading = useSelector(flow, (s) => s.matches('reading'))
  const asking = useSelector(flow, (s) => s.matches({ preview: 'asking' }))
  const confirming = useSelector(flow, (s) => s.matches('confirming'))
  const imported = useSelector(flow, (s) => s.matches('imported'))
  const chosen = useSelector(flow, (s) => !s.matches('empty'))
  const canConfirm = useSelector(flow, (s) => s.can({ type: 'import.confirm' }))
  const removable = useSelector(flow, (s) => s.can({ type: 'import.remove' }))
  const name = useSelector(flow, (s) => s.context.fileName ?? s.context.preview?.file_name)
  const progress = useSelector(flow, (s) => s.context.progress)
  const rejection = useSelector(flow, (s) => s.context.rejection)
  const maxBytes = useSelector(flow, (s) => s.context.settings.maxBytes)
  const error = useSelector(flow, (s) => (s.hasTag('error') ? s.context.error : null))

  const messages =
    rejection === 'type'
      ? [LL.validation.fileTypeNotAllowed()]
      : rejection === 'size'
        ? [tooLarge(maxBytes / 1024)]
        : error
          ? errorMessages(error, LL.errors.generic(), LL.errors.network())
          : []
  const file = {
    name,
    chosen,
    removable,
    uploading,
    progress,
    reading,
    onChoose: (chosenFile: File) => flow.send({ type: 'import.choose', file: chosenFile }),
    onRemove: () => flow.send({ type: 'import.remove' }),
  }
  return { busy, uploading, reading, asking, confirming, imported, canConfirm, error, messages, file }
}
