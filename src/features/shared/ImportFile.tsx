import { useId } from 'react'
import { Flex, Stack, styled } from '../../../styled-system/jsx'
import { Button, Spinner, Text } from '../../ui'
import { FileChooser } from './FileChooser'

export interface ImportFileTexts {
  drop: string
  choose: string
  removeFile: string
  uploading: (file: string) => string
  reading: string
}

/**
 * The file step of the imports (users, classes, users into classes): the chooser until a file is
 * chosen, then its name with "remove" while that is still possible, its upload's progress bar and the
 * spinner while the server reads it.
 */
export function ImportFile({
  name,
  chosen,
  removable,
  uploading,
  progress,
  reading,
  texts,
  onChoose,
  onRemove,
}: {
  /** The chosen file's name (or the staged import's). */
  name: string | null | undefined
  chosen: boolean
  removable: boolean
  uploading: boolean
  progress: { loaded: number; total: number }
  reading: boolean
  texts: ImportFileTexts
  onChoose: (file: File) => void
  onRemove: () => void
}) {
  const progressLabel = useId()
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0
  return (
    <>
      {!chosen ? (
        <FileChooser dropText={texts.drop} chooseText={texts.choose} onChoose={onChoose} />
      ) : (
        <Flex gap="3" align="center" wrap="wrap">
          <Text fontWeight="medium">{name}</Text>
          {removable ? (
            <Button variant="outline" size="sm" onClick={onRemove}>
              {texts.removeFile}
            </Button>
          ) : null}
        </Flex>
      )}
      {uploading ? (
        <Stack gap="1">
          <Text id={progressLabel}>{texts.uploading(name ?? '')}</Text>
          <styled.progress aria-labelledby={progressLabel} max={100} value={percent} w="full" h="2" accentColor="colorPalette.default" />
        </Stack>
      ) : null}
      {reading ? <Spinner label={texts.reading} /> : null}
    </>
  )
}
