import type { ReactNode } from 'react'
import { Box, Grid, Stack } from '../../../styled-system/jsx'
import { Text } from '../../ui'

/**
 * A person's or an account's details as a description list: the labels in a column of their own beside
 * the values from small screens up, each label above its value on a phone (the profile, a member's
 * profile, a student's or teacher's details).
 */
export function Details({ entries, children }: { entries?: readonly (readonly [label: string, value: ReactNode])[]; children?: ReactNode }) {
  return (
    <Grid as="dl" gridTemplateColumns={{ base: '1fr', sm: 'minmax(8rem, max-content) 1fr' }} columnGap="6" rowGap="2">
      {entries?.map(([label, value]) => (
        <Detail key={label} label={label}>
          {value}
        </Detail>
      ))}
      {children}
    </Grid>
  )
}

/** One label and its value in Details. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack display="contents">
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" m="0" mb={{ base: '2', sm: '0' }} wordBreak="break-word">
        {children}
      </Box>
    </Stack>
  )
}
