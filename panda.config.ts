import { defineConfig } from '@pandacss/dev'
import { createPreset } from '@park-ui/panda-preset'
import amber from '@park-ui/panda-preset/colors/amber'
import iris from '@park-ui/panda-preset/colors/iris'
import slate from '@park-ui/panda-preset/colors/slate'
import teal from '@park-ui/panda-preset/colors/teal'

/**
 * Styles of the portal: Park UI's preset (iris accent on slate gray), with a few
 * corrections for contrast and keyboard focus that the preset leaves out.
 *
 * Dark mode: the preset's `_dark` condition is `.dark &`, so the kit's color-mode
 * toggle puts the `dark` class on <html> (see src/ui/color-mode.tsx).
 */
const focusRing = {
  outline: '2px solid',
  outlineColor: 'colorPalette.default',
  outlineOffset: '2px',
}

export default defineConfig({
  preflight: true,
  presets: [createPreset({ accentColor: iris, grayColor: slate, radius: 'sm' })],
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  // Recipes the kit uses, with every variant, so that variants chosen at run
  // time (a button's variant from a prop, a table's size) always have their CSS.
  staticCss: {
    recipes: {
      alert: ['*'],
      avatar: ['*'],
      badge: ['*'],
      button: ['*'],
      card: ['*'],
      checkbox: ['*'],
      dialog: ['*'],
      field: ['*'],
      fileUpload: ['*'],
      icon: ['*'],
      input: ['*'],
      link: ['*'],
      menu: ['*'],
      pagination: ['*'],
      progress: ['*'],
      select: ['*'],
      skeleton: ['*'],
      spinner: ['*'],
      table: ['*'],
      tabs: ['*'],
      tagsInput: ['*'],
      text: ['*'],
      textarea: ['*'],
      toast: ['*'],
    },
  },
  globalCss: {
    // The preset's placeholder color (gray 10) is below 4.5:1 on white.
    '*::placeholder': { color: 'fg.muted' },
    // A print view (the join code's poster) prints alone: what else is on the page (the app, the dialog it
    // was opened from, each in its own portal under body) is left off the paper.
    '@media print': {
      'body:has([data-print-view]) > :not(:has([data-print-view]))': { display: 'none !important' },
    },
  },
  theme: {
    extend: {
      tokens: {
        colors: {
          // Two extra palettes for avatars (they cycle through accent, teal, amber).
          teal: teal.tokens,
          amber: amber.tokens,
        },
      },
      semanticTokens: {
        colors: {
          // Some preset recipes refer to `accent.*` (selected outline buttons,
          // text selection): alias it to the accent palette.
          accent: iris.semanticTokens,
          teal: teal.semanticTokens,
          amber: amber.semanticTokens,
          // White on the preset's solid red (red 9, #e5484d) is 3.9:1, and the dark scale's reds are lighter
          // still: every solid red button (the confirmations that delete or remove) fails WCAG AA for text.
          // Its background is the light scale's red 11 in both themes (#ce2c31, 5.2:1 with white), and its
          // hover a shade darker (#af252a, 6.7:1); the outline and text reds keep the preset's.
          red: {
            default: { value: { _light: '{colors.red.light.11}', _dark: '{colors.red.light.11}' } },
            emphasized: { value: { _light: '#af252a', _dark: '#af252a' } },
          },
          fg: {
            // red 9 on the dark canvas and gray 10 on white fail WCAG AA for text.
            error: { value: { _light: '{colors.red.11}', _dark: '{colors.red.11}' } },
            subtle: { value: { _light: '{colors.gray.11}', _dark: '{colors.gray.10}' } },
          },
        },
      },
      recipes: {
        // The preset marks a focused field only by a 1 px border change: a 2 px outline in the accent
        // colour makes the field with the keyboard focus plain to see (WCAG 2.4.7, 2.4.13).
        input: { base: { _focusVisible: focusRing } },
        textarea: { base: { _focusVisible: focusRing } },
        button: {
          variants: {
            variant: {
              link: { borderRadius: 'l1', _focusVisible: focusRing },
            },
          },
        },
        link: {
          base: {
            color: 'colorPalette.text',
            textDecorationLine: 'underline',
            textDecorationColor: 'colorPalette.a7',
            borderRadius: 'l1',
            _focusVisible: focusRing,
          },
        },
      },
      slotRecipes: {
        checkbox: {
          base: {
            control: { _focusVisible: focusRing },
          },
        },
        dialog: {
          base: {
            positioner: { p: '4' },
            content: {
              minW: 'min(token(sizes.sm), 100%)',
              maxW: 'full',
              maxH: 'full',
              overflowY: 'auto',
            },
          },
        },
        tabs: {
          base: {
            trigger: { _focusVisible: { ...focusRing, outlineOffset: '-2px' } },
            content: { _focusVisible: focusRing },
          },
        },
        menu: {
          base: {
            // The preset makes the content 2rem wider than its positioner (`calc(100% + 2rem)`), so it
            // sticks out past the edge the positioner was fitted to. As wide as its items, never
            // wider than the window less the positioner's 8 px margins: longer texts wrap.
            content: {
              w: 'max-content',
              minW: 'min(token(sizes.48), calc(100vw - 1rem))',
              maxW: 'min(token(sizes.sm), calc(100vw - 1rem))',
              _focusVisible: focusRing,
            },
            // a long e-mail or organization name wraps inside the menu instead of widening it
            itemGroupLabel: { overflowWrap: 'anywhere' },
            item: { overflowWrap: 'anywhere' },
            triggerItem: { overflowWrap: 'anywhere' },
          },
          // items keep the preset's height for one line and grow for a wrapped one
          variants: {
            size: {
              xs: { item: { h: 'auto', minH: '8', py: '1' }, triggerItem: { h: 'auto', minH: '8', py: '1' } },
              sm: { item: { h: 'auto', minH: '9', py: '1.5' }, triggerItem: { h: 'auto', minH: '9', py: '1.5' } },
              md: { item: { h: 'auto', minH: '10', py: '2' }, triggerItem: { h: 'auto', minH: '10', py: '2' } },
              lg: { item: { h: 'auto', minH: '11', py: '2' }, triggerItem: { h: 'auto', minH: '11', py: '2' } },
            },
          },
        },
        select: {
          base: {
            trigger: { _placeholderShown: { color: 'fg.muted' }, _focusVisible: focusRing },
          },
        },
        tagsInput: {
          base: {
            control: { '&:has(input:focus-visible)': focusRing },
          },
        },
        table: {
          base: {
            caption: { color: 'fg.muted' },
          },
        },
        toast: {
          base: {
            root: { minW: 'min(token(sizes.xs), calc(100vw - 2rem))', maxW: 'calc(100vw - 2rem)' },
          },
        },
      },
    },
  },
})
