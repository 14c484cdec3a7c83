import { Menu } from '@ark-ui/react/menu'
import type { ComponentProps } from 'react'
import { createStyleContext } from '../../styled-system/jsx'
import { menu } from '../../styled-system/recipes'

/**
 * A menu button (Ark Menu: arrow keys, typeahead, Escape). Compose:
 *   <Menu.Root onSelect={(d) => d.value}>
 *     <Menu.Trigger asChild><Button>...</Button></Menu.Trigger>
 *     <Menu.Positioner><Menu.Content>
 *       <Menu.Item value="a">...</Menu.Item> <Menu.Separator/> ...
 *     </Menu.Content></Menu.Positioner>
 *   </Menu.Root>
 * For a link item use <Menu.Item value=".." asChild><a href="..">..</a></Menu.Item>.
 */
const { withRootProvider, withContext } = createStyleContext(menu)

const StyledRoot = withRootProvider(Menu.Root)

/**
 * Fixed positioning, so the popup is not clipped inside scrolling tables or dialogs and never
 * widens the page. A caller's `positioning` (a placement, a gutter) is added to these defaults,
 * not put in their place.
 */
export function Root({ positioning, ...props }: ComponentProps<typeof StyledRoot>) {
  return <StyledRoot positioning={{ strategy: 'fixed', ...positioning }} {...props} />
}
export const RootProvider = withRootProvider(Menu.RootProvider)
export const Trigger = withContext(Menu.Trigger, 'trigger')
export const TriggerItem = withContext(Menu.TriggerItem, 'triggerItem')
export const Indicator = withContext(Menu.Indicator, 'indicator')
export const Positioner = withContext(Menu.Positioner, 'positioner')
export const Content = withContext(Menu.Content, 'content')
export const Item = withContext(Menu.Item, 'item')
export const ItemText = withContext(Menu.ItemText, 'itemText')
export const ItemGroup = withContext(Menu.ItemGroup, 'itemGroup')
export const ItemGroupLabel = withContext(Menu.ItemGroupLabel, 'itemGroupLabel')
export const Separator = withContext(Menu.Separator, 'separator')
export { MenuContext as Context } from '@ark-ui/react/menu'
