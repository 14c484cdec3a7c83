import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { useI18nContext } from '../../../../locales/i18n-react'
import type { classImportMachine } from '../../../../machines/class-import'
import type { classUserImportMachine } from '../../../../machines/class-user-import'
import { errorMessages } from '../../../api/errors'

/** The flows of the two class imports: the same states and tags by the same names (§4 Upload, Class import). */
type ImportFlow = ActorRefFrom<typeof classImportMachine> | ActorRefFrom<typeof classUserImportMachine>

/**
 * What the class import and the user import into classes show of their flow, read from its state:
 * whether it is busy, confirming or done and may be confirmed, what went wrong in words a person can act
 * on (the file refused in the browser, or the server's answer), and the file chooser's props (ImportFile
 * but for its texts).
 */
export function useImportFlow(flow: ImportFlow) {
  const { LL } = useI18nContext()
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const uploading = useSelector(flow, (s) => s.matches('uploading') || s.matches('requestingUpload'))
  const reading = useSelector(flow, (s) => s.matches('reading'))
  const confirming = useSelector(flow, (s) => s.matches('confirming'))
  const imported = useSelector(flow, (s) => s.matches('imported'))
  const chosen = useSelector(flow, (s) => !s.matches('upload'))
  const canConfirm = useSelector(flow, (s) => s.can({ type: 'import.confirm' }))
  const name = useSelector(flow, (s) => s.context.fileName ?? s.context.preview?.file_name)
  const progress = useSelector(flow, (s) => s.context.progress)
  const rejection = useSelector(flow, (s) => s.context.rejection)
  const error = useSelector(flow, (s) => (s.hasTag('error') ? s.context.error : null))

  const messages =
    rejection === 'type'
      ? [LL.validation.fileTypeNotAllowed()]
      : rejection === 'size'
        ? [LL.classImport.fileTooLarge()]
        : error
          ? errorMessages(error, LL.errors.generic(), LL.errors.network())
          : []
  const file = {
    name,
    chosen,
    removable: !confirming,
    uploading,
    progress,
    reading,
    onChoose: (chosenFile: File) => flow.send({ type: 'import.choose', file: chosenFile }),
    onRemove: () => flow.send({ type: 'import.remove' }),
  }
  return { busy, confirming, imported, canConfirm, messages, file }
}
