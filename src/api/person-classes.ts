import { fromPromise } from 'xstate'
import type { ClassGroupPage, PersonClassesInput } from '../../machines/types'
import { api, unwrap } from './client'
import { studentClassesRequest } from './first-reads'

/**
 * The classes on a student's and a teacher's details (pagedListMachine's loadPage, for PersonClasses). The
 * page shows the first few and lets the person see the rest in place, so both calls bring them all
 * (a student's call answers all of them; a teacher's the newest 100, the contract's largest page).
 */

const TEACHER_CLASSES = 100

export const loadStudentClasses = fromPromise<ClassGroupPage, PersonClassesInput>(({ input, signal }) =>
  unwrap(studentClassesRequest(input.organizationId, input.query.userId, { signal })),
)

export const loadTeacherClasses = fromPromise<ClassGroupPage, PersonClassesInput>(({ input, signal }) =>
  unwrap(
    api.GET('/v1/groups/{orgId}/', {
      params: { path: { orgId: input.organizationId }, query: { owner: input.query.userId, page_size: TEACHER_CLASSES } },
      signal,
    }),
  ),
)
