import { Tabs } from '@ark-ui/react/tabs'
import { createStyleContext } from '../../styled-system/jsx'
import { tabs } from '../../styled-system/recipes'

/**
 * Tabs (Ark: arrow keys move between tabs). Compose:
 *   <Tabs.Root defaultValue="a"><Tabs.List>
 *     <Tabs.Trigger value="a">..</Tabs.Trigger> <Tabs.Indicator/>
 *   </Tabs.List><Tabs.Content value="a">..</Tabs.Content></Tabs.Root>
 * variant: line (default) | outline | enclosed; size: sm | md | lg.
 */
const { withProvider, withContext } = createStyleContext(tabs)

export const Root = withProvider(Tabs.Root, 'root')
export const RootProvider = withProvider(Tabs.RootProvider, 'root')
export const List = withContext(Tabs.List, 'list')
export const Trigger = withContext(Tabs.Trigger, 'trigger')
export const Content = withContext(Tabs.Content, 'content')
export const Indicator = withContext(Tabs.Indicator, 'indicator')
export { TabsContext as Context } from '@ark-ui/react/tabs'
