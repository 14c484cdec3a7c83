import { ark } from '@ark-ui/react/factory'
import type { ComponentProps } from 'react'
import { styled } from '../../styled-system/jsx'
import { link } from '../../styled-system/recipes'

/**
 * An underlined text link. For an in-app route, wrap the router's link:
 *   <Link asChild><RouterLink href="/classes">..</RouterLink></Link>
 */
export const Link = styled(ark.a, link)
export type LinkProps = ComponentProps<typeof Link>
