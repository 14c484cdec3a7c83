import { Progress as Ark } from '@ark-ui/react/progress'
import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { createStyleContext } from '../../styled-system/jsx'
import { progress } from '../../styled-system/recipes'

const { withProvider, withContext } = createStyleContext(progress)

const Root = withProvider(Ark.Root, 'root')
const Track = withContext(Ark.Track, 'track')
const Range = withContext(Ark.Range, 'range')

/** Success (teal), warning (amber), exception (red) or neutral (gray): the range's colour. */
export type ProgressTone = 'success' | 'warning' | 'exception' | 'neutral'

// literal calls, so that Panda writes each palette's CSS (the theme has no green: teal stands for success)
const TONES: Record<ProgressTone, string> = {
  success: css({ colorPalette: 'teal' }),
  warning: css({ colorPalette: 'amber' }),
  exception: css({ colorPalette: 'red' }),
  neutral: css({ colorPalette: 'gray' }),
}

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number
  tone: ProgressTone
  /** The bar's accessible name, e.g. "Progress: 40%". */
  label: string
  /** A line under the bar (time left, time to go). */
  children?: ReactNode
}

/** A linear progress bar (Ark's, announced as a progressbar with its value), with an optional line under it. */
export function ProgressBar({ value, tone, label, children }: ProgressBarProps) {
  return (
    <Root value={value} min={0} max={100} size="sm" className={TONES[tone]} data-tone={tone} gap="1" minW="24">
      <Track aria-label={label}>
        <Range />
      </Track>
      {children}
    </Root>
  )
}
