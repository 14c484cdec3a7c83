import { ark } from '@ark-ui/react/factory'
import type { ReactNode } from 'react'
import { createStyleContext, styled } from '../../styled-system/jsx'
import { alert } from '../../styled-system/recipes'
import { AlertCircleIcon } from './icons'

const { withProvider, withContext } = createStyleContext(alert)

const Root = withProvider(ark.div, 'root')
const Icon = withContext(AlertCircleIcon, 'icon')
const Content = withContext(ark.div, 'content')
const Title = withContext(ark.p, 'title')
const Description = withContext(ark.div, 'description')

export interface ErrorPanelProps {
  /** The messages, already translated; nothing is rendered when the list is empty. */
  messages: readonly string[]
  /** An optional heading above the messages. */
  title?: ReactNode | undefined
  id?: string | undefined
}

/** A panel listing error messages, announced when it appears (role="alert"). */
export function ErrorPanel({ messages, title, id }: ErrorPanelProps) {
  if (messages.length === 0) return null
  return (
    <Root id={id} role="alert" borderColor="border.error" bg="red.2">
      <Icon color="fg.error" />
      <Content>
        {title ? <Title>{title}</Title> : null}
        <Description color="fg.default">
          {messages.length === 1 ? (
            <p>{messages[0]}</p>
          ) : (
            <styled.ul listStyleType="disc" ps="5">
              {messages.map((message, i) => (
                <li key={`${i}-${message}`}>{message}</li>
              ))}
            </styled.ul>
          )}
        </Description>
      </Content>
    </Root>
  )
}
