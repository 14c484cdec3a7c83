import type { PromiseActorLogic } from 'xstate'
import type { Page, PagedListInput, PagedListPage, PagedListQuery } from '../../../machines/types'

/**
 * The screens' side of machines/paged-list.ts: the machine holds the rows and query of any list,
 * each screen loads and reads its own (members, a person's classes). The one cast between the two
 * lives here.
 */

/** A screen's call for its list: its own rows and query. */
export type PagedListLoader<Row, Query extends PagedListQuery> = PromiseActorLogic<Page<Row>, PagedListInput<Query>>

/** The screen's call as the paged list's loadPage. */
export const asPageLoader = <Row, Query extends PagedListQuery>(load: PagedListLoader<Row, Query>) =>
  load as unknown as PromiseActorLogic<PagedListPage, PagedListInput>

/** The page shown, with the screen's own rows. */
export const pageOf =
  <Row>() =>
  (snapshot: { context: { page: PagedListPage | null } }): Page<Row> | null =>
    snapshot.context.page as Page<Row> | null
