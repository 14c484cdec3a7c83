// The component kit: the only place that imports @ark-ui/react and styled-system/recipes.
// Features import from here.

export { Button, type ButtonProps } from './button'
export { IconButton, type IconButtonProps } from './icon-button'
export { Input, Textarea, type InputProps, type TextareaProps } from './input'
export * as Field from './field'
export { TextField, type TextFieldProps } from './text-field'
export {
  PasswordInput,
  PasswordField,
  type PasswordInputProps,
  type PasswordFieldProps,
} from './password-input'
export * as Dialog from './dialog'
export * as FileUpload from './file-upload'
// The toasts' region, <Toaster/>, is imported from './toaster' itself: the app loads it on demand.
export { subscribeToastRaised, toastRaised, toaster, TOAST_TOP_OFFSET } from './toast'
export * as Menu from './menu'
export { Select, type SelectProps, type SelectItem } from './select'
export { NativeSelect, type NativeSelectProps } from './native-select'
export { Checkbox, type CheckboxProps } from './checkbox'
export {
  TagsInput,
  EMAIL_PATTERN,
  EMAIL_DELIMITER,
  isEmail,
  type TagsInputProps,
  type TagsInputTranslations,
} from './tags-input'
export * as Table from './table'
export type { SortDirection, SortableHeaderProps } from './table'
export {
  Pagination,
  pageWindow,
  pageRange,
  type PaginationProps,
  type PaginationLabels,
  type PageRange,
} from './pagination'
export * as Tabs from './tabs'
export { Avatar, avatarTone, initials, type AvatarProps } from './avatar'
export { Badge, type BadgeProps } from './badge'
export { ProgressBar, type ProgressBarProps, type ProgressTone } from './progress'
export { Spinner, Skeleton, type SpinnerProps, type SkeletonProps } from './spinner'
export { Link, type LinkProps } from './link'
export { Heading, Text, type HeadingProps, type TextProps } from './text'
export * as Card from './card'
export { ErrorPanel, type ErrorPanelProps } from './error-panel'
export {
  ColorModeToggle,
  useColorMode,
  initColorMode,
  setColorMode,
  getColorMode,
  COLOR_MODE_STORAGE_KEY,
  type ColorMode,
  type ColorModeToggleProps,
} from './color-mode'
export * from './icons'
export { Portal } from '@ark-ui/react/portal'
