import { useSyncExternalStore } from 'react'
import { IconButton, type IconButtonProps } from './icon-button'
import { MoonIcon, SunIcon } from './icons'

/**
 * Light and dark mode. The preset's `_dark` condition is `.dark &`, so dark mode is the
 * class `dark` on <html> (and `light` otherwise, with `color-scheme` to match). The choice
 * is remembered in localStorage under COLOR_MODE_STORAGE_KEY; with no choice yet the
 * system preference is followed. Call `initColorMode()` before the first render.
 */
export type ColorMode = 'light' | 'dark'

export const COLOR_MODE_STORAGE_KEY = 'color-mode'

const listeners = new Set<() => void>()

function readStored(): ColorMode | null {
  try {
    const value = globalThis.localStorage?.getItem(COLOR_MODE_STORAGE_KEY)
    return value === 'light' || value === 'dark' ? value : null
  } catch {
    return null
  }
}

function systemMode(): ColorMode {
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

export function getColorMode(): ColorMode {
  if (typeof document !== 'undefined') {
    const root = document.documentElement
    if (root.classList.contains('dark')) return 'dark'
    if (root.classList.contains('light')) return 'light'
  }
  return readStored() ?? systemMode()
}

function apply(mode: ColorMode) {
  if (typeof document === 'undefined') return
  const root = document.documentElement
  root.classList.toggle('dark', mode === 'dark')
  root.classList.toggle('light', mode === 'light')
  root.style.colorScheme = mode
}

/** Applies the remembered (or system) mode to <html>. */
export function initColorMode(): ColorMode {
  const mode = readStored() ?? systemMode()
  apply(mode)
  return mode
}

/** Switches the mode, remembers it and re-renders every `useColorMode` user. */
export function setColorMode(mode: ColorMode) {
  apply(mode)
  try {
    globalThis.localStorage?.setItem(COLOR_MODE_STORAGE_KEY, mode)
  } catch {
    // storage may be unavailable (private mode); the mode still applies to this page
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  // If the app forgot initColorMode(), apply the remembered mode on first use.
  if (typeof document !== 'undefined') {
    const root = document.documentElement
    if (!root.classList.contains('dark') && !root.classList.contains('light')) initColorMode()
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useColorMode(): [ColorMode, (mode: ColorMode) => void] {
  const mode = useSyncExternalStore(subscribe, getColorMode, () => 'light' as ColorMode)
  return [mode, setColorMode]
}

export interface ColorModeToggleProps extends Omit<IconButtonProps, 'aria-label' | 'aria-pressed' | 'onClick' | 'children'> {
  /** Name of the toggle, e.g. "Dark mode"; it is pressed while dark mode is on. */
  label: string
}

/** A toggle button for dark mode (aria-pressed), showing a moon in light mode and a sun in dark mode. */
export function ColorModeToggle({ label, ...props }: ColorModeToggleProps) {
  const [mode, set] = useColorMode()
  const dark = mode === 'dark'
  return (
    <IconButton
      variant="ghost"
      aria-label={label}
      aria-pressed={dark}
      onClick={() => set(dark ? 'light' : 'dark')}
      {...props}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  )
}
