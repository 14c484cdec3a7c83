import { useActorRef, useSelector } from '@xstate/react'
import { Suspense, useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import { adminOrganizationsMachine } from '../../../../machines/admin-organizations'
import type { OrganizationFilter } from '../../../../machines/types'
import { Box, Flex, Stack, styled } from '../../../../styled-system/jsx'
import { errorMessages } from '../../../api/errors'
import { ORGANIZATIONS_PAGE_SIZE, adminOrganizationsActors } from '../../../api/organizations'
import { actorOptions } from '../../../app/inspect'
import { paths } from '../../../app/paths'
import { useCurrentUser } from '../../../app/root-context'
import { Button, Select, Spinner, Text, TextField, toaster } from '../../../ui'
import { LoadFailed } from '../../shared/LoadFailed'
import { Pager } from '../../shared/Pager'
import { PageHeader } from '../../shared/page'
import { onDemand } from '../../../app/on-demand'
import { DeletedOrganizationsTable } from './DeletedOrganizationsTable'
import { OrganizationsTable } from './OrganizationsTable'
import { DEFAULT_QUERY, formatQuery, parseQuery } from './query'

// the dialogs' code (the organization form, the spreadsheet import) comes when their buttons are pointed at or focused
const OrganizationFormDialog = onDemand(() => import('../OrganizationFormDialog').then((m) => m.OrganizationFormDialog))
const ImportOrganizationsDialog = onDemand(() => import('./ImportOrganizationsDialog').then((m) => m.ImportOrganizationsDialog))
const RestoreOrganizationDialog = onDemand(() => import('./RestoreOrganizationDialog').then((m) => m.RestoreOrganizationDialog))

const FILTERS: readonly OrganizationFilter[] = ['all', 'active', 'inactive', 'verified', 'deleted']

/**
 * /admin — the platform admin's organization list (spec §2). Its query lives in the address
 * (replaced, not pushed: Back leaves the list); the flow is machines/admin-organizations.ts.
 * A country admin's country filter is fixed to their country (the server enforces it too), and so
 * are the deleted organizations they see and restore.
 */
export function AdminOrganizationsScreen() {
  const { LL } = useI18nContext()
  const T = LL.adminOrganizations
  const D = LL.adminOrganizations.deletedOrganizations
  const [location, navigate] = useLocation()
  const search = useSearch()
  const user = useCurrentUser()
  const lockedCountry = user?.country_admin_level ?? null
  const [creating, setCreating] = useState(false)
  const [importing, setImporting] = useState(false)

  const flow = useActorRef(
    adminOrganizationsMachine.provide({
      actors: adminOrganizationsActors,
      actions: {
        writeQuery: (_, { query }) => navigate(`${location}${formatQuery(query)}`, { replace: true }),
        notifyFlipped: (_, { organization }) =>
          toaster.success({
            title: organization.is_verified ? T.verifiedToast({ name: organization.name }) : T.unverifiedToast({ name: organization.name }),
            action: { label: T.undo(), onClick: () => flow.send({ type: 'verify.undo' }) },
          }),
        notifyVerified: (_, { updated }) => toaster.success({ title: T.bulkVerifiedToast({ count: updated }) }),
        notifyVerifyFailed: (_, { error }) =>
          toaster.error({ title: T.verifyFailed(), description: errorMessages(error, LL.errors.generic(), LL.errors.network()).join(' ') }),
        notifyRestored: (_, { organization }) =>
          toaster.success({
            title: D.restoredToast({ name: organization.name }),
            action: { label: D.open(), onClick: () => navigate(paths.adminOrganization(organization.id)) },
          }),
        notifyRestoreFailed: (_, { error }) =>
          toaster.error({ title: D.restoreFailed(), description: errorMessages(error, LL.errors.generic(), LL.errors.network()).join(' ') }),
      },
    }),
    {
      input: { query: (() => { const query = parseQuery(search); return lockedCountry ? { ...query, countries: [lockedCountry] } : query })() },
      ...actorOptions(),
    },
  )
  const query = useSelector(flow, (s) => s.context.query)
  const page = useSelector(flow, (s) => s.context.page)
  const countries = useSelector(flow, (s) => s.context.countries)
  const selection = useSelector(flow, (s) => s.context.selection)
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const failure = useSelector(flow, (s) => (s.matches('failed') ? s.context.error : null))
  const canVerifySelected = useSelector(flow, (s) => s.matches({ loaded: 'idle' }) && s.context.selection.length > 0)
  const toRestore = useSelector(flow, (s) => (s.hasTag('dialog') ? s.context.toRestore : null))
  const restoring = useSelector(flow, (s) => s.matches({ loaded: 'restoring' }))
  const deletedList = query.filter === 'deleted'
  // nothing deleted (rather than nothing matching): no filters to clear
  const noneDeleted = deletedList && query.search === '' && (query.countries.length === 0 || Boolean(lockedCountry))
  const [searchText, setSearchText] = useState(query.search)

  const countryItems = useMemo(() => countries.map((c) => ({ value: c.iso2, label: c.name })), [countries])
  const names = useMemo(() => new Map(countries.map((c) => [c.iso2, c.name])), [countries])
  const countryName = (iso2: string | null) => (iso2 ? (names.get(iso2) ?? iso2) : '—')
  const filtered = query.filter !== 'all' || query.search !== '' || (query.countries.length > 0 && !lockedCountry)
  const filterLabel = { all: T.all(), active: T.active(), inactive: T.inactive(), verified: T.verified(), deleted: D.filter() }

  return (
    <Stack gap="6">
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <PageHeader title={T.title()} />
        <Flex gap="3" wrap="wrap">
          <Button variant="outline" {...ImportOrganizationsDialog.prefetch} onClick={() => setImporting(true)}>
            {LL.adminOrganizations.organizationImport.open()}
          </Button>
          <Button {...OrganizationFormDialog.prefetch} onClick={() => setCreating(true)}>
            {T.create()}
          </Button>
        </Flex>
      </Flex>
      <Flex direction={{ base: 'column', lg: 'row' }} gap="6" align="flex-start">
        <styled.nav aria-label={T.filters()} flexShrink="0" w={{ base: 'full', lg: '48' }}>
          <styled.ul display="flex" flexDirection={{ base: 'row', lg: 'column' }} flexWrap="wrap" gap="1">
            {FILTERS.map((filter) => (
              <li key={filter}>
                <Button
                  variant={query.filter === filter ? 'subtle' : 'ghost'}
                  aria-current={query.filter === filter ? 'page' : undefined}
                  justifyContent="flex-start"
                  w={{ lg: 'full' }}
                  onClick={() => flow.send({ type: 'list.filter', filter })}
                >
                  {filterLabel[filter]}
                </Button>
              </li>
            ))}
          </styled.ul>
        </styled.nav>
        <Stack gap="4" flex="1" minW="0" w="full">
          <Flex gap="4" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
            <Box flex="1">
              <TextField
                label={T.search()}
                type="search"
                value={searchText}
                onChange={(event) => {
                  setSearchText(event.currentTarget.value)
                  flow.send({ type: 'list.search', search: event.currentTarget.value })
                }}
              />
            </Box>
            <Box flex="1">
              <Select
                label={T.countries()}
                multiple
                items={countryItems}
                placeholder={T.allCountries()}
                value={query.countries}
                disabled={Boolean(lockedCountry)}
                onValueChange={(value) => flow.send({ type: 'list.countries', countries: value })}
              />
            </Box>
          </Flex>
          {deletedList ? <Text color="fg.muted">{D.note()}</Text> : null}
          {selection.length > 0 && !deletedList ? (
            <Flex gap="3" align="center" wrap="wrap" role="region" aria-label={T.selected({ count: selection.length })}>
              <Text>{T.selected({ count: selection.length })}</Text>
              <Button size="sm" disabled={!canVerifySelected} onClick={() => flow.send({ type: 'verify.selected' })}>
                {T.verifySelected()}
              </Button>
            </Flex>
          ) : null}
          {failure ? (
            <LoadFailed title={T.loadFailed()} messages={errorMessages(failure, LL.errors.generic(), LL.errors.network())} onRetry={() => flow.send({ type: 'list.reload' })} />
          ) : page === null ? (
            <Spinner label={LL.common.loading()} />
          ) : page.count === 0 ? (
            <Stack gap="3" align="flex-start" role="status">
              <Text>{noneDeleted ? D.empty() : filtered ? T.empty() : T.emptyAll()}</Text>
              {noneDeleted ? null : filtered ? (
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearchText('')
                    flow.send({ type: 'list.filter', filter: DEFAULT_QUERY.filter })
                    flow.send({ type: 'list.search', search: '' })
                    if (!lockedCountry) flow.send({ type: 'list.countries', countries: [] })
                  }}
                >
                  {T.clearFilters()}
                </Button>
              ) : (
                <Button {...OrganizationFormDialog.prefetch} onClick={() => setCreating(true)}>
                  {T.create()}
                </Button>
              )}
            </Stack>
          ) : (
            <>
              {deletedList ? (
                <DeletedOrganizationsTable
                  rows={page.results}
                  busy={busy}
                  countryName={countryName}
                  onRestore={(organization) => flow.send({ type: 'restore.ask', organization })}
                />
              ) : (
                <OrganizationsTable
                  rows={page.results}
                  ordering={query.ordering}
                  selection={selection}
                  busy={busy}
                  countryName={countryName}
                  hrefOf={(organization) => paths.adminOrganization(organization.id)}
                  onSort={(ordering) => flow.send({ type: 'list.sort', ordering })}
                  onSelect={(ids) => flow.send({ type: 'list.select', ids })}
                  onFlip={(organization) => flow.send({ type: 'verify.flip', organization })}
                  onOpen={(organization) => navigate(paths.adminOrganization(organization.id))}
                />
              )}
              <Pager always count={page.count} pageSize={ORGANIZATIONS_PAGE_SIZE} page={query.page} onPageChange={(next) => flow.send({ type: 'list.page', page: next })} />
            </>
          )}
        </Stack>
      </Flex>
      {/* a dialog's code comes when it opens, or when its button is pointed at or focused */}
      <Suspense fallback={null}>
        {toRestore ? (
          <RestoreOrganizationDialog.Component
            name={toRestore.name}
            busy={restoring}
            onConfirm={() => flow.send({ type: 'restore.confirm' })}
            onCancel={() => flow.send({ type: 'restore.cancel' })}
          />
        ) : null}
        {creating ? (
          <OrganizationFormDialog.Component
            organization={null}
            adminContext
            lockedCountry={lockedCountry}
            onClose={() => setCreating(false)}
            onSaved={(organization) => {
              setCreating(false)
              toaster.success({ title: T.createdToast({ name: organization.name }) })
              flow.send({ type: 'list.reload' })
            }}
          />
        ) : null}
        {importing ? (
          <ImportOrganizationsDialog.Component onClose={() => setImporting(false)} onCreated={() => flow.send({ type: 'list.reload' })} />
        ) : null}
      </Suspense>
    </Stack>
  )
}
