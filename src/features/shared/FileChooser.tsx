import { Button, FileUpload, Text } from '../../ui'

/**
 * The file imports' chooser: a drop target with a button that opens the file dialog (the drop target
 * only takes drops; choosing by keyboard or click is the button). One file, handed to `onChoose` at
 * every choice, even of the same file again (the chooser is controlled and always empty).
 */
export function FileChooser({
  dropText,
  chooseText,
  buttonText = chooseText,
  disabled = false,
  onChoose,
}: {
  dropText: string
  /** The hidden input's name. */
  chooseText: string
  /** The button's text, when not `chooseText`. */
  buttonText?: string
  disabled?: boolean
  onChoose: (file: File) => void
}) {
  return (
    <FileUpload.Root
      maxFiles={1}
      acceptedFiles={[]}
      translations={{ dropzone: dropText }}
      onFileAccept={({ files }) => {
        const [file] = files
        if (file) onChoose(file)
      }}
    >
      <FileUpload.Dropzone disableClick minH="32" borderStyle="dashed">
        <Text>{dropText}</Text>
        <FileUpload.Trigger asChild>
          <Button variant="outline" disabled={disabled}>
            {buttonText}
          </Button>
        </FileUpload.Trigger>
      </FileUpload.Dropzone>
      <FileUpload.HiddenInput aria-label={chooseText} />
    </FileUpload.Root>
  )
}
