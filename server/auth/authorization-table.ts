import type { OperationId } from '../contract/handler.js'

/**
 * The authorization table of DESIGN.md: for every operation of the contract, what each kind of caller
 * gets on each scope. It is a `Record<OperationId, ...>`, so an operation added to the contract without
 * a row here does not compile; tests/api/authorization-table.test.ts calls every cell and compares.
 *
 * Callers. `student`, `teacher`, `organizationAdmin`: a member of an organization with that role (the
 * highest one counts: admin, then teacher, then student). `otherMember`: a signed-in user who is no
 * member of the organization the call is about (a member of another organization, or of none).
 * `countryAdmin`: a platform admin limited to a country (`country_admin_level`). `platformAdmin`: an
 * unrestricted platform admin.
 *
 * Scopes, named from the side of one organization, "own" (the organization of the student, teacher
 * and organization admin). On an organization: `ownOrganization` is it; `otherOrganization` another
 * organization of the same country; `otherCountry` an organization of another country; for a country
 * admin, "own" and "other" organization are of its country. On an account: `ownAccount` is the
 * caller's own; the others are the account of a member of such an organization. For the other member,
 * "own" is the organization it is not a member of (its own organization is the "other" one).
 * `n/a`: the operation is about no such resource.
 *
 * Answers. `allowed`, or the refusal the caller gets: 401 without a session on a secured call; on an
 * account out of reach 403, whether it exists or not; on an organization, 403 for its members who may
 * not do this and 404 for anyone else (as for one that does not exist: ids are not probed).
 */

export const CALLERS = ['anonymous', 'student', 'teacher', 'organizationAdmin', 'otherMember', 'countryAdmin', 'platformAdmin'] as const
export type Caller = (typeof CALLERS)[number]

export const SCOPES = ['ownAccount', 'ownOrganization', 'otherOrganization', 'otherCountry', 'n/a'] as const
export type Scope = (typeof SCOPES)[number]

export type Answer = 'allowed' | 401 | 403 | 404
export type Refusal = Exclude<Answer, 'allowed'>

/** What an operation is about: nothing, an account (by its id) or an organization. */
export type Resource = 'none' | 'account' | 'organization'

export interface Row {
  resource: Resource
  answers: Record<Caller, Partial<Record<Scope, Answer>>>
}

const ALLOWED = 'allowed'

const everyCaller = (cells: (caller: Caller) => Partial<Record<Scope, Answer>>) =>
  Object.fromEntries(CALLERS.map((caller) => [caller, cells(caller)])) as Row['answers']

/** No login needed: everyone, signed in or not. */
const open: Row = { resource: 'none', answers: everyCaller(() => ({ 'n/a': ALLOWED })) }

/** Any signed-in user. */
const signedIn: Row = {
  resource: 'none',
  answers: everyCaller((caller) => ({ 'n/a': caller === 'anonymous' ? 401 : ALLOWED })),
}

/** Platform admins of either kind; the others are refused (403). */
const platformAdmins: Row = {
  resource: 'none',
  answers: everyCaller((caller) => ({
    'n/a': caller === 'anonymous' ? 401 : caller === 'countryAdmin' || caller === 'platformAdmin' ? ALLOWED : 403,
  })),
}

/** Cells on the three organization scopes. */
const onOrganizations = (own: Answer, other: Answer, otherCountry: Answer) => ({
  ownOrganization: own,
  otherOrganization: other,
  otherCountry,
})

/**
 * An organization's admins, and platform admins whose reach covers it. Its other members get
 * `memberRefusal`; anyone else `outsiderRefusal` (404 unless the call answers 403 to everyone).
 */
const organizationAdmins = (memberRefusal: Refusal, outsiderRefusal: Refusal): Row => ({
  resource: 'organization',
  answers: {
    anonymous: onOrganizations(401, 401, 401),
    student: onOrganizations(memberRefusal, outsiderRefusal, outsiderRefusal),
    teacher: onOrganizations(memberRefusal, outsiderRefusal, outsiderRefusal),
    organizationAdmin: onOrganizations(ALLOWED, outsiderRefusal, outsiderRefusal),
    // the other member is an admin of the "other" organization
    otherMember: onOrganizations(outsiderRefusal, ALLOWED, outsiderRefusal),
    countryAdmin: onOrganizations(ALLOWED, ALLOWED, outsiderRefusal),
    platformAdmin: onOrganizations(ALLOWED, ALLOWED, ALLOWED),
  },
})

/** An organization's members in any role, and platform admins whose reach covers it; 404 to anyone else. */
const organizationMembers: Row = {
  resource: 'organization',
  answers: {
    anonymous: onOrganizations(401, 401, 401),
    student: onOrganizations(ALLOWED, 404, 404),
    teacher: onOrganizations(ALLOWED, 404, 404),
    organizationAdmin: onOrganizations(ALLOWED, 404, 404),
    otherMember: onOrganizations(404, ALLOWED, 404),
    countryAdmin: onOrganizations(ALLOWED, ALLOWED, 404),
    platformAdmin: onOrganizations(ALLOWED, ALLOWED, ALLOWED),
  },
}

/**
 * An organization's teachers and admins, and platform admins whose reach covers it (§6: a teacher sees
 * the students). Its students get 403; anyone else 404.
 */
const organizationStaff: Row = {
  resource: 'organization',
  answers: {
    anonymous: onOrganizations(401, 401, 401),
    student: onOrganizations(403, 404, 404),
    teacher: onOrganizations(ALLOWED, 404, 404),
    organizationAdmin: onOrganizations(ALLOWED, 404, 404),
    otherMember: onOrganizations(404, ALLOWED, 404),
    countryAdmin: onOrganizations(ALLOWED, ALLOWED, 404),
    platformAdmin: onOrganizations(ALLOWED, ALLOWED, ALLOWED),
  },
}

/**
 * canEditClass (specification §6): an organization's admins and its teachers, and platform admins
 * whose reach covers it; its students get 403, anyone else 404. A teacher's "allowed" holds for the
 * classes the teacher owns (server/classes/access.ts): another teacher's class answers 403.
 */
const classEditors: Row = organizationStaff

/** Cells on the four account scopes. */
const onAccounts = (own: Answer, others: Answer, otherCountry: Answer = others) => ({
  ownAccount: own,
  ownOrganization: others,
  otherOrganization: others,
  otherCountry,
})

/**
 * The owner of an account; with `staff`, also platform admins whose reach covers it (a country
 * admin's: people who belong to organizations of its country only).
 */
const accountOwner = (staff: boolean): Row => ({
  resource: 'account',
  answers: {
    anonymous: { ownOrganization: 401, otherOrganization: 401, otherCountry: 401 },
    student: onAccounts(ALLOWED, 403),
    teacher: onAccounts(ALLOWED, 403),
    organizationAdmin: onAccounts(ALLOWED, 403),
    otherMember: onAccounts(ALLOWED, 403),
    countryAdmin: onAccounts(ALLOWED, staff ? ALLOWED : 403, 403),
    platformAdmin: onAccounts(ALLOWED, staff ? ALLOWED : 403),
  },
})

export const AUTHORIZATION: Record<OperationId, Row> = {
  // accounts
  login: open,
  signUp: open,
  socialSignIn: open,
  resetPassword: open,
  resetPasswordConfirm: open,
  validateResetToken: open,
  sendConfirmation: open,
  checkConfirmation: open,
  confirmAccount: open,
  declineAccount: open,
  undoEmailChange: open,
  getAccount: accountOwner(true),
  updateAccount: accountOwner(true),
  changePassword: accountOwner(false),
  deleteAccount: accountOwner(false),
  logout: signedIn,
  // the profile: one's photo (public to read, as an <img> asks for it), withdrawing from an organization
  uploadAccountPhoto: accountOwner(false),
  removeAccountPhoto: accountOwner(false),
  getAccountPhoto: { resource: 'account', answers: everyCaller(() => onAccounts(ALLOWED, ALLOWED)) },
  withdrawFromOrganization: {
    resource: 'organization',
    // one's own membership: members only; anyone else, platform admins included, as for no organization
    answers: {
      anonymous: onOrganizations(401, 401, 401),
      student: onOrganizations(ALLOWED, 404, 404),
      teacher: onOrganizations(ALLOWED, 404, 404),
      organizationAdmin: onOrganizations(ALLOWED, 404, 404),
      otherMember: onOrganizations(404, ALLOWED, 404),
      countryAdmin: onOrganizations(404, 404, 404),
      platformAdmin: onOrganizations(404, 404, 404),
    },
  },

  // invitations
  inviteUsers: organizationAdmins(403, 403),
  acceptInvite: signedIn,
  sendAppLinkByEmail: signedIn,
  sendAppLinkBySms: signedIn,
  validateInvitation: open,
  // the organization of the invitation (an unknown invitation is refused like an outsider)
  listOrganizationInvitations: organizationAdmins(403, 404),
  revokeInvitation: organizationAdmins(403, 404),
  resendInvitation: organizationAdmins(403, 404),
  resendInvitations: organizationAdmins(403, 404),
  // join by code: the code's settings and the join requests are the organization's admins'; joining, anyone signed in
  getJoinCode: organizationAdmins(403, 404),
  updateJoinCode: organizationAdmins(403, 404),
  resetJoinCode: organizationAdmins(403, 404),
  joinByCode: signedIn,
  listJoinRequests: organizationAdmins(403, 404),
  approveJoinRequest: organizationAdmins(403, 404),
  refuseJoinRequest: organizationAdmins(403, 404),
  // batch invitation from a file (the organization of the batch; an unknown batch is refused like an outsider);
  // the upload address's signature is its authority, the templates are the same for everyone
  createInvitationBatch: organizationAdmins(403, 404),
  getInvitationBatch: organizationAdmins(403, 404),
  replaceInvitationBatch: organizationAdmins(403, 404),
  updateInvitationBatch: organizationAdmins(403, 404),
  sendInvitationBatch: organizationAdmins(403, 404),
  sendInvitationBatchUsers: organizationAdmins(403, 404),
  getInvitationBatchTemplate: signedIn,
  receiveUpload: open,

  // organizations
  listOrganizations: platformAdmins,
  // out-of-reach ids are skipped (not counted), not refused
  verifyOrganizations: platformAdmins,
  listOrganizationTypes: signedIn,
  listCountries: signedIn,
  createOrganization: {
    resource: 'organization',
    // the scope is the new organization's country; "own" does not apply to an organization not made yet
    answers: {
      anonymous: { otherOrganization: 401, otherCountry: 401 },
      student: { otherOrganization: 403, otherCountry: 403 },
      teacher: { otherOrganization: 403, otherCountry: 403 },
      organizationAdmin: { otherOrganization: 403, otherCountry: 403 },
      otherMember: { otherOrganization: 403, otherCountry: 403 },
      countryAdmin: { otherOrganization: ALLOWED, otherCountry: 403 },
      platformAdmin: { otherOrganization: ALLOWED, otherCountry: ALLOWED },
    },
  },
  // onboarding: anyone signed in without a platform role makes an organization of their own (and is its admin)
  createOwnOrganization: {
    resource: 'none',
    answers: everyCaller((caller) => ({
      'n/a': caller === 'anonymous' ? 401 : caller === 'countryAdmin' || caller === 'platformAdmin' ? 403 : ALLOWED,
    })),
  },
  // the rows' countries are checked against a country admin's reach row by row (an error on the row);
  // an import is its stager's own: another admin's is 404, as one that does not exist
  stageOrganizationImport: platformAdmins,
  getOrganizationImport: platformAdmins,
  confirmOrganizationImport: platformAdmins,
  getOrganizationImportTemplate: platformAdmins,
  getOrganization: organizationMembers,
  updateOrganization: organizationAdmins(403, 404),
  deleteOrganization: organizationAdmins(403, 404),
  setOrganizationStatus: organizationAdmins(403, 404),
  restoreOrganization: {
    resource: 'organization',
    answers: {
      anonymous: onOrganizations(401, 401, 401),
      student: onOrganizations(403, 403, 403),
      teacher: onOrganizations(403, 403, 403),
      organizationAdmin: onOrganizations(403, 403, 403),
      otherMember: onOrganizations(403, 403, 403),
      countryAdmin: onOrganizations(ALLOWED, ALLOWED, 404),
      platformAdmin: onOrganizations(ALLOWED, ALLOWED, ALLOWED),
    },
  },
  uploadOrganizationLogo: organizationAdmins(403, 404),
  removeOrganizationLogo: organizationAdmins(403, 404),
  // public: an <img> asks for it
  getOrganizationLogo: { resource: 'organization', answers: everyCaller(() => onOrganizations(ALLOWED, ALLOWED, ALLOWED)) },
  listOrganizationUsers: organizationAdmins(403, 404),
  getOrganizationUser: organizationAdmins(403, 404),
  setOrganizationUserRoles: organizationAdmins(403, 404),
  updateOrganizationUser: organizationAdmins(403, 404),
  removeOrganizationUser: organizationAdmins(403, 404),
  // a disabled member is no member: it gets the outsiders' 404 (auth/roles.ts)
  disableOrganizationUser: organizationAdmins(403, 404),
  enableOrganizationUser: organizationAdmins(403, 404),
  // the student list and details: teachers too (§6)
  listOrganizationStudents: organizationStaff,
  getOrganizationStudent: organizationStaff,

  // classes (groups) and their goals (assignments): a teacher lists and edits its own classes only;
  // creating one is for admins (specification §6) and for a teacher, who then owns it and names no other
  // (the teacher dashboard's "create new class", the wizard hiding the teacher e-mail for teachers)
  listGroups: classEditors,
  createGroup: classEditors,
  getGroup: classEditors,
  updateGroup: classEditors,
  deleteGroup: classEditors,
  getAssignment: classEditors,
  setAssignment: classEditors,
  // class details (issue 9): its students and pending invitations for canEditClass; choosing its
  // teacher for admins (a teacher may not hand a class on: updateGroup)
  addGroupStudents: classEditors,
  removeGroupStudent: classEditors,
  listGroupStudents: classEditors,
  listAllGroupStudents: classEditors,
  listStudentGroups: classEditors,
  listGroupInvitations: classEditors,
  assignGroupTeacher: organizationAdmins(403, 404),
  removeGroupTeacher: organizationAdmins(403, 404),
  // class import (specification 001 §6: importing classes is for organization admins; platform admins too)
  createClassImport: organizationAdmins(403, 404),
  previewClassImport: organizationAdmins(403, 404),
  confirmClassImport: organizationAdmins(403, 404),
  getClassImportTemplate: organizationAdmins(403, 404),
  // user import into classes (specification 001 §6: importing is for organization admins; platform admins too)
  createClassUserImport: organizationAdmins(403, 404),
  previewClassUserImport: organizationAdmins(403, 404),
  confirmClassUserImport: organizationAdmins(403, 404),
  getClassUserImportTemplate: organizationAdmins(403, 404),

  // reports: a class's, as its class calls (a teacher: its own classes); an organization's, its admins;
  // a learner's, every member's row here, narrowed in server/reports/access.ts (a student: itself;
  // a teacher: itself and the students of its classes; 403 otherwise)
  getClassReport: classEditors,
  getClassSummary: classEditors,
  getOrganizationReport: organizationAdmins(403, 404),
  getLearnerReport: organizationMembers,
  // a teacher's (teacher details): the admins and the teacher itself, narrowed in server/reports/access.ts
  getTeacherReport: organizationStaff,
  // class exports (specification 001 §6: for the class's admins and its teacher), streamed files
  exportGroupReport: classEditors,
  // dashboards: every member sees the one of its role (an admin the organization, a teacher its own
  // classes' learners, a student itself: server/dashboards/scope.ts)
  getDashboard: organizationMembers,

  // practice data from the mobile app: the caller's own events only (the body names no user)
  recordPracticeEvents: signedIn,

  // social
  listSocialProviders: open,
  socialStart: open,
  socialCallback: open,

  // system
  health: open,
}

/** The table's answer for a caller on a scope (a cell the table does not have is a mistake of the caller). */
export const answerOf = (operation: OperationId, caller: Caller, scope: Scope): Answer => {
  const answer = AUTHORIZATION[operation].answers[caller][scope]
  if (answer === undefined) throw new Error(`The authorization table has no cell ${operation} × ${caller} × ${scope}`)
  return answer
}

/**
 * Fields that not every caller the row allows may change: to a caller not named here, sending another
 * value than the stored one answers 403 and changes nothing (sending the stored value, as the whole form
 * does, passes). Verifying an organization, and setting its invitations a day (invitations/quota.ts), are
 * the platform admins'; an organization's own admins may not lift their organization's limit.
 * tests/api/authorization-table.test.ts calls each field as every caller its row allows on an organization.
 */
export const FIELD_AUTHORIZATION = {
  updateOrganization: {
    is_verified: ['countryAdmin', 'platformAdmin'],
    invitations_per_day: ['countryAdmin', 'platformAdmin'],
  },
} as const satisfies Partial<Record<OperationId, Record<string, readonly Caller[]>>>
