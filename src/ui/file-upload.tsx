import { FileUpload } from '@ark-ui/react/file-upload'
import { createStyleContext } from '../../styled-system/jsx'
import { fileUpload } from '../../styled-system/recipes'

/**
 * Choosing a file by its dialog or by dropping it (Ark FileUpload). Compose:
 *   <FileUpload.Root accept=".csv" maxFiles={1} onFileAccept={(d) => ...}>
 *     <FileUpload.Label/> <FileUpload.Dropzone> ... <FileUpload.Trigger asChild><Button/></FileUpload.Trigger> </FileUpload.Dropzone>
 *     <FileUpload.HiddenInput/>
 *   </FileUpload.Root>
 */
const { withProvider, withContext } = createStyleContext(fileUpload)

export const Root = withProvider(FileUpload.Root, 'root')
export const Label = withContext(FileUpload.Label, 'label')
export const Dropzone = withContext(FileUpload.Dropzone, 'dropzone')
export const Trigger = withContext(FileUpload.Trigger, 'trigger')
export const HiddenInput = FileUpload.HiddenInput
