import { useMemo, useState } from 'react'
import { Container, Flex, Grid, HStack, Stack, Wrap } from '../../styled-system/jsx'
import {
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  ColorModeToggle,
  Dialog,
  ErrorPanel,
  Field,
  Heading,
  IconButton,
  Input,
  Link,
  Menu,
  Pagination,
  PasswordField,
  Portal,
  Select,
  Skeleton,
  Spinner,
  Table,
  Tabs,
  TagsInput,
  Text,
  TextField,
  XIcon,
  toaster,
  type SortDirection,
} from './index'
import { Toaster } from './toaster'

/**
 * Every kit component on one page, for the dev route /dev/ui and its axe checks in light
 * and dark mode. The texts here are sample data for developers, not product wording: the
 * product's screens take theirs from locales/.
 */
const sample = {
  title: 'Component kit',
  colorMode: 'Dark mode',
  notifications: 'Notifications',
  close: 'Close',
  show: 'Show password',
  hide: 'Hide password',
  remove: (v: string) => `Remove ${v}`,
  pager: { root: 'Pagination', previous: 'Previous page', next: 'Next page', page: (p: number) => `Page ${p}` },
  range: ({ start, end, count }: { start: number; end: number; count: number }) => `${start} - ${end} of ${count}`,
}

const people = Array.from({ length: 23 }, (_, i) => ({
  name: ['Ana Souza', 'Kenji Sato', 'Mai Nguyen', 'Somchai Dee', 'Lucía Pérez', 'John Smith'][i % 6] + ` ${i + 1}`,
  email: `user${i + 1}@example.com`,
  minutes: (i * 37) % 120,
}))

type SortKey = 'name' | 'minutes'

export function Gallery() {
  const [page, setPage] = useState(1)
  const [sort, setSort] = useState<{ key: SortKey; dir: Exclude<SortDirection, 'none'> }>({
    key: 'name',
    dir: 'ascending',
  })
  const [emails, setEmails] = useState<string[]>(['ana@example.com'])
  const [rejected, setRejected] = useState<string[]>([])
  const [loading, setLoading] = useState(false)
  const [dialogOpen, setDialogOpen] = useState(false)
  const [agree, setAgree] = useState<boolean | 'indeterminate'>('indeterminate')

  const pageSize = 5
  const rows = useMemo(() => {
    const sorted = [...people].sort((a, b) => {
      const order = sort.key === 'name' ? a.name.localeCompare(b.name) : a.minutes - b.minutes
      return sort.dir === 'ascending' ? order : -order
    })
    return sorted.slice((page - 1) * pageSize, page * pageSize)
  }, [page, sort])

  const sortBy = (key: SortKey) => {
    setSort((s) => ({ key, dir: s.key === key && s.dir === 'ascending' ? 'descending' : 'ascending' }))
    setPage(1)
  }
  const direction = (key: SortKey): SortDirection => (sort.key === key ? sort.dir : 'none')

  return (
    <Container maxW="6xl" py="8" px={{ base: '4', md: '8' }}>
      <Toaster label={sample.notifications} closeLabel={sample.close} />
      <Stack gap="10">
        <Flex as="header" justify="space-between" align="center" gap="4">
          <Heading as="h1" size="2xl">
            {sample.title}
          </Heading>
          <ColorModeToggle label={sample.colorMode} />
        </Flex>

        <Stack as="section" gap="4" aria-labelledby="g-buttons">
          <Heading id="g-buttons">Buttons</Heading>
          <Wrap gap="3">
            <Button>Solid</Button>
            <Button variant="outline">Outline</Button>
            <Button variant="ghost">Ghost</Button>
            <Button variant="subtle">Subtle</Button>
            <Button variant="link">Link button</Button>
            <Button disabled>Disabled</Button>
            <Button
              loading={loading}
              onClick={() => {
                setLoading(true)
                setTimeout(() => setLoading(false), 1500)
              }}
            >
              Save
            </Button>
            <Button loading loadingText="Saving…" variant="outline">
              Save
            </Button>
            <IconButton aria-label={sample.close} variant="outline">
              <XIcon />
            </IconButton>
            <Button size="sm">Small</Button>
            <Button size="lg">Large</Button>
          </Wrap>
        </Stack>

        <Stack as="section" gap="4" aria-labelledby="g-fields">
          <Heading id="g-fields">Fields</Heading>
          <Grid gridTemplateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="6">
            <TextField label="First name" name="first_name" autoComplete="given-name" helperText="As it appears on your ID." />
            <TextField label="E-mail" type="email" required errorText="Enter a valid e-mail." defaultValue="ana@" />
            <PasswordField label="Password" showLabel={sample.show} hideLabel={sample.hide} autoComplete="new-password" />
            <Field.Root>
              <Field.Label>Notes</Field.Label>
              <Field.Textarea rows={3} />
              <Field.HelperText>Optional.</Field.HelperText>
            </Field.Root>
            <Input aria-label="Search" placeholder="Search…" type="search" />
            <Select
              label="Country"
              placeholder="Choose a country"
              items={[
                { value: 'BR', label: 'Brazil' },
                { value: 'JP', label: 'Japan' },
                { value: 'MX', label: 'Mexico' },
                { value: 'TH', label: 'Thailand' },
                { value: 'VN', label: 'Vietnam' },
              ]}
              helperText="Where the organization is."
            />
            <Stack gap="3">
              <Checkbox checked={agree} onCheckedChange={(d) => setAgree(d.checked)}>
                Send me a copy
              </Checkbox>
              <Checkbox defaultChecked>Remember me</Checkbox>
              <Checkbox aria-label="Select row" />
            </Stack>
            <TagsInput
              label="Invite by e-mail"
              value={emails}
              onValueChange={setEmails}
              onInvalid={setRejected}
              deleteTagLabel={sample.remove}
              placeholder="name@example.com"
              helperText="Separate addresses with a comma, semicolon, space or new line."
              errorText={rejected.length > 0 ? `Not added: ${rejected.join(', ')}` : undefined}
            />
          </Grid>
          <ErrorPanel title="The form has errors" messages={['This e-mail is already in use.', 'The password is too short.']} />
          <ErrorPanel messages={['Something went wrong. Try again.']} />
        </Stack>

        <Stack as="section" gap="4" aria-labelledby="g-overlays">
          <Heading id="g-overlays">Dialog, menu, toast</Heading>
          <Wrap gap="3">
            <Dialog.Root open={dialogOpen} onOpenChange={(d) => setDialogOpen(d.open)}>
              <Dialog.Trigger asChild>
                <Button variant="outline">Open dialog</Button>
              </Dialog.Trigger>
              <Portal>
                <Dialog.Backdrop />
                <Dialog.Positioner>
                  <Dialog.Content>
                    <Stack gap="6" p="6">
                      <Stack gap="1" pe="8">
                        <Dialog.Title>Remove user</Dialog.Title>
                        <Dialog.Description>They will lose access to this organization.</Dialog.Description>
                      </Stack>
                      <Flex gap="3" justify="flex-end" wrap="wrap">
                        <Dialog.CloseTrigger asChild>
                          <Button variant="outline">Cancel</Button>
                        </Dialog.CloseTrigger>
                        <Button onClick={() => setDialogOpen(false)}>Remove</Button>
                      </Flex>
                    </Stack>
                    <Dialog.CloseTrigger asChild position="absolute" top="2" right="2">
                      <IconButton aria-label={sample.close} variant="ghost" size="sm">
                        <XIcon />
                      </IconButton>
                    </Dialog.CloseTrigger>
                  </Dialog.Content>
                </Dialog.Positioner>
              </Portal>
            </Dialog.Root>

            <Menu.Root>
              <Menu.Trigger asChild>
                <Button variant="outline">Invite</Button>
              </Menu.Trigger>
              <Menu.Positioner>
                <Menu.Content>
                  <Menu.ItemGroup>
                    <Menu.ItemGroupLabel>Invite</Menu.ItemGroupLabel>
                    <Menu.Item value="email">By e-mail</Menu.Item>
                    <Menu.Item value="import">Import users</Menu.Item>
                  </Menu.ItemGroup>
                  <Menu.Separator />
                  <Menu.Item value="disabled" disabled>
                    Unavailable
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Menu.Root>

            <Button variant="outline" onClick={() => toaster.success({ title: 'Profile saved', description: 'Your changes are live.' })}>
              Success toast
            </Button>
            <Button variant="outline" onClick={() => toaster.warning({ title: 'Photo not changed', description: 'Use a JPEG, PNG or GIF.' })}>
              Warning toast
            </Button>
            <Button variant="outline" onClick={() => toaster.error({ title: 'Could not save' })}>
              Error toast
            </Button>
          </Wrap>
        </Stack>

        <Stack as="section" gap="4" aria-labelledby="g-table">
          <Heading id="g-table">Table and pagination</Heading>
          <Table.ScrollArea label="Users">
            <Table.Root variant="outline" size="sm">
              <Table.Caption>Users of the organization</Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.SortableHeader direction={direction('name')} onSort={() => sortBy('name')}>
                    Name
                  </Table.SortableHeader>
                  <Table.Header>E-mail</Table.Header>
                  <Table.SortableHeader direction={direction('minutes')} onSort={() => sortBy('minutes')}>
                    Minutes
                  </Table.SortableHeader>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.email}>
                    <Table.Cell>
                      <HStack gap="2">
                        <Avatar name={row.name} size="xs" decorative />
                        {row.name}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>{row.email}</Table.Cell>
                    <Table.Cell>{row.minutes}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pagination
            count={people.length}
            pageSize={pageSize}
            page={page}
            onPageChange={setPage}
            rangeLabel={sample.range}
            labels={sample.pager}
          />
        </Stack>

        <Stack as="section" gap="4" aria-labelledby="g-tabs">
          <Heading id="g-tabs">Tabs</Heading>
          <Tabs.Root defaultValue="profile">
            <Tabs.List>
              <Tabs.Trigger value="profile">Profile</Tabs.Trigger>
              <Tabs.Trigger value="classes">Classes</Tabs.Trigger>
              <Tabs.Trigger value="reports">Reports</Tabs.Trigger>
              <Tabs.Indicator />
            </Tabs.List>
            <Tabs.Content value="profile">
              <Text>Profile details.</Text>
            </Tabs.Content>
            <Tabs.Content value="classes">
              <Text>Class list.</Text>
            </Tabs.Content>
            <Tabs.Content value="reports">
              <Text>Reports.</Text>
            </Tabs.Content>
          </Tabs.Root>
        </Stack>

        <Stack as="section" gap="4" aria-labelledby="g-display">
          <Heading id="g-display">Display</Heading>
          <Wrap gap="3" align="center">
            <Avatar name="Ana Souza" />
            <Avatar name="Kenji Sato" />
            <Avatar name="Mai Nguyen" />
            <Avatar name="Somchai Dee" size="lg" />
            <Badge>Pending</Badge>
            <Badge variant="solid">Admin</Badge>
            <Badge variant="outline">Teacher</Badge>
            <Spinner label="Loading" />
          </Wrap>
          <Stack gap="2" maxW="md">
            <Skeleton h="4" />
            <Skeleton h="4" w="2/3" />
            <Skeleton loaded>
              <Text>Loaded content.</Text>
            </Skeleton>
          </Stack>
          <Text>
            Text with a <Link href="#g-buttons">link to the buttons</Link> inside it.
          </Text>
          <Text size="sm" color="fg.muted">
            Muted small text.
          </Text>
          <Card.Root maxW="md">
            <Card.Header>
              <Card.Title>Card</Card.Title>
              <Card.Description>A panel with a header, a body and a footer.</Card.Description>
            </Card.Header>
            <Card.Body>
              <Text>Body.</Text>
            </Card.Body>
            <Card.Footer>
              <Button size="sm">Action</Button>
            </Card.Footer>
          </Card.Root>
        </Stack>
      </Stack>
    </Container>
  )
}

export default Gallery
