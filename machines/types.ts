/**
 * Types shared by the machines, the views and the actor implementations in src/api.
 * Types only: this file is erased at build time, so a machine that imports it with
 * `import type` still pastes into the Stately editor on its own.
 */

import type { components, operations } from '../openapi/schema'

export type OrganizationType = 'school' | 'company'
export type OrganizationRole = 'student' | 'teacher' | 'admin'

/** One organization of a user, with the user's roles in it. */
export interface OrganizationMembership {
  id: number
  name: string
  type: OrganizationType
  roles: OrganizationRole[]
  /** IANA time zone the organization's days are counted in; null: UTC. Absent from a session saved before it was given. */
  timezone?: string | null
  /** In the account view: the user is its only active admin (withdrawing is refused then). */
  sole_admin?: boolean
}

export interface User {
  id: number
  first_name: string
  last_name: string
  email: string
  unconfirmed_email: string | null
  username: string | null
  phone_code: string | null
  phone_number: string | null
  photo_url: string | null
  is_superuser: boolean
  /** ISO2 country a platform admin is limited to, or null. */
  country_admin_level: string | null
  language: string
  has_password: boolean
  /** date-time */
  date_joined: string
  organizations: OrganizationMembership[]
}

/** The login answer. */
export interface Session {
  token: string
  user_id: number
  /** date-time */
  expires_at: string
}

/** What an invite link carries (base64/base64url JSON in `/login?invite=`). */
export interface InvitePayload {
  token: string
  organization_name: string
  email: string
  new_user: boolean
}

/** An error body: `{detail}` or `{field: ["message", ...]}`, sometimes with a `code`. */
export type ApiError = { detail?: string; code?: string; [field: string]: unknown }

/**
 * What an actor that calls the API throws for an error response. A network failure (no
 * response) has status 0. Machines also accept anything else thrown and treat it as status 0.
 */
export interface ApiFailure {
  status: number
  body: ApiError
}

// ---------------------------------------------------------------------------------------------
// Inputs and outputs of the actors the machines invoke. src/api implements them with these types.
// `sessionToken` is the bearer token of the call: the login flows pass the token they have just
// received, before the session actor stores it.
// ---------------------------------------------------------------------------------------------

/** restoreSession: reads the stored token, user id and organization, then loads the account. */
export interface RestoredSession {
  token: string
  user: User
  /** The organization stored by persistOrganization, or null. */
  organizationId: number | null
}

export interface SessionTokenInput {
  sessionToken: string
}

/** loadAccount: GET /v1/accounts/{userId} -> User */
export interface LoadAccountInput {
  sessionToken: string
  userId: number
}

/** saveLanguage: PATCH /v1/accounts/{userId} {language} -> User (a locale of locales/, e.g. 'es-MX') */
export interface SaveLanguageInput {
  sessionToken: string
  userId: number
  language: string
}

/** signIn: POST /v1/accounts/login-legacy/ -> Session */
export interface SignInInput {
  email: string
  password: string
}

/** signUp: POST /v1/accounts/sign_in */
export interface SignUpInput {
  first_name: string
  last_name: string
  email: string
  password?: string
  invitation_code?: string
  invite_token?: string
  social_token?: string
  /** A page of the app that the confirmation link leads back to after the login. */
  next?: string
}

export interface SignUpResult {
  email: string
  /** true when the invite or the social provider proved the address (no confirmation mail). */
  confirmed: boolean
}

/** socialSignIn: PATCH /v1/accounts/sign_in -> Session, or 404 {code: 'account_required', first_name, last_name, email} */
export interface SocialSignInInput {
  social_token: string
}

/** The verified claims of a social ticket, shown disabled in the verify-social-info dialog. */
export interface SocialClaims {
  first_name: string
  last_name: string
  email: string
}

/** acceptInvite: POST /v1/accounts/invite/accept {token, email} */
export interface AcceptInviteInput {
  sessionToken: string
  /** The invitation token. */
  token: string
  email: string
}

export interface AcceptInviteResult {
  organization: OrganizationMembership
}

/** Answers that only carry a message: send_confirmation, reset_password, reset_password/confirm. */
export interface DetailResult {
  detail: string
}

export interface EmailInput {
  email: string
}

/** confirmAccount: POST /v1/accounts/confirm/ {token} -> {email} */
export interface TokenInput {
  token: string
}

export interface ConfirmAccountResult {
  email: string
  /** true when the address had been confirmed before (the link was opened again). */
  already_confirmed?: boolean
  /** A sign-up's link confirmed without the sign-up's password: the reset token to choose one. */
  reset_token?: string
  /** What the first proof of the address removed. */
  removed?: RemovedOnProof[]
}

/** What the first proof of an address removes from its account (the contract's `removed`). */
export type RemovedOnProof = 'password' | 'social_sign_in' | 'sessions'

/** confirmAccount: POST /v1/accounts/confirm/ {token, password?}: the sign-up's password keeps it. */
export interface ConfirmLinkInput {
  token: string
  password?: string
}

/** checkConfirmation: POST /v1/accounts/confirm/check/ {token} -> what the link stands for. */
export interface ConfirmationCheck {
  email: string
  /** A sign-up's link, or an e-mail change's; absent for a used link of a confirmed address. */
  purpose?: 'sign_up' | 'email_change'
  has_password: boolean
  already_confirmed?: boolean
}

/** resetPassword: POST /v1/accounts/reset_password/confirm/ {token, password} */
export interface ResetPasswordInput {
  token: string
  password: string
}

/** validateInvitation: GET /v1/invitations/validate/{token}/: the payload of a token, with what the sign-up states. */
export interface ValidatedInvitation extends InvitePayload {
  role: OrganizationRole
  organization_type: OrganizationType
}

// ---------------------------------------------------------------------------------------------
// Outputs of the flows (what the view or router does once a flow's machine is done).
// ---------------------------------------------------------------------------------------------

/** Where a finished login goes: /admin for a platform admin, the dashboard for everybody else. */
export type HomePath = '/admin' | '/'

export interface SignedIn {
  outcome: 'signedIn'
  destination: HomePath
}

export type LoginOutput =
  | SignedIn
  /** The person asked for the sign-up dialog. */
  | { outcome: 'createAccount' }

export type SignUpOutput =
  | SignedIn
  /** The check-your-inbox dialog was closed. */
  | { outcome: 'closed' }
  /** "Already have an account": back to the login dialog. */
  | { outcome: 'login' }

export type SocialSignInOutput =
  | SignedIn
  | { outcome: 'cancelled' }
  | { outcome: 'failed'; error: ApiFailure }

export type InviteTokenOutput =
  | { outcome: 'signUp'; invite: ValidatedInvitation }
  /** An existing account: the login form pre-fills `email`. */
  | { outcome: 'existingUser'; invite: ValidatedInvitation; email: string }
  | { outcome: 'invalid' }

/** A route's access: public = only logged out (Login, Signup); open = everybody; private = needs a session. */
export type RouteAccess = 'public' | 'open' | 'private'

export interface GuardDestination {
  /** The route name of the spec: Login, Signup, Dashboard, OrganizationDashboard, AdminOrganizations, ... */
  name: string
  path: string
  access: RouteAccess
  /**
   * The organization the route names (its :organizationId), null when it names none; 0 when the
   * value there is not an organization id (no organization has it).
   */
  organizationId: number | null
}

export interface NavigationGuardInput {
  destination: GuardDestination
  /** The user the session machine restored or logged in, or null when logged out. */
  user: User | null
  /** The session token (for accepting an invite), or null when logged out. */
  sessionToken: string | null
  /** The session's current organization (null: none selected). */
  currentOrganizationId: number | null
  /** The decoded ?invite= value of the destination, or null. */
  invite: InvitePayload | null
  /**
   * The page asked for before login: the ?next= of a Login or Signup destination, already
   * sanitised to a path of this app (src/app/return-to.ts), or null.
   */
  returnTo: string | null
}

export type NavigationDecision =
  | 'allowed'
  | 'toLogin'
  | 'toDashboard'
  | 'toOnboarding'
  | 'toAdmin'
  | 'toReturnTo'
  /** An organization route of an organization the user is not a member of: a page says so. */
  | 'notMember'

export interface NavigationGuardOutput {
  decision: NavigationDecision
  /** The path to show: the destination's when allowed, else the redirect. */
  path: string
}

// ---------------------------------------------------------------------------------------------
// Organizations (the platform admin's list and the organization form)
// ---------------------------------------------------------------------------------------------

export type OrganizationStatus = 'active' | 'inactive'

/** One page of a list (spec §3: count, next, previous, results). */
export interface Page<T> {
  count: number
  next: string | null
  previous: string | null
  results: T[]
}

/**
 * What the organization form holds: text as typed ('' for nothing chosen). The phone is kept as
 * dial code and number; the call joins them with one space. `owner_user` and `is_verified` are
 * the platform admin's fields (null outside that context: not shown, not sent).
 */
export interface OrganizationFormValues {
  name: string
  type: string
  industry: string
  address_1: string
  address_2: string
  city: string
  state: string
  postal_code: string
  country: string
  phone_code: string
  phone_number: string
  timezone: string
  owner_user: string | null
  is_verified: boolean | null
  /**
   * The organization's invitations a day, set by a platform admin (null: the default); left out (undefined)
   * where the form does not show it: creating, and anyone but a platform admin.
   */
  invitations_per_day?: number | null | undefined
  /** The organization's username: asked only when a person creates their own at onboarding (null otherwise). */
  username: string | null
}

/** saveOrganization: create (organizationId null) or replace the organization with the form's values. */
export interface SaveOrganizationInput {
  organizationId: number | null
  values: OrganizationFormValues
}

/** A country of the form (GET /v1/countries/), named in the reader's language. */
export interface Country {
  iso2: string
  name: string
  /** With its +, or null for a territory without telephone numbers. */
  dial_code: string | null
  priority: number
  area_codes: string | null
}

/** The side filter of the admin list (spec §2): all, active, inactive (disabled), verified. */
export type OrganizationFilter = 'all' | 'active' | 'inactive' | 'verified' | 'deleted'

/** The sortable columns of the admin list; a leading '-' sorts descending. */
export type OrganizationOrdering =
  | 'name' | '-name' | 'is_verified' | '-is_verified' | 'status' | '-status' | 'created_at' | '-created_at' | 'country' | '-country'

/** What the admin list shows, as kept in the address (?filter=&country=&search=&ordering=&page=). */
export interface OrganizationListQuery {
  filter: OrganizationFilter
  /** ISO2 codes; empty for every country. */
  countries: string[]
  search: string
  ordering: OrganizationOrdering
  /** 1-based */
  page: number
}

/** setVerified: the organization's `is_verified` as given, only the flag (spec §4 Verification; issue 22). */
export interface SetVerifiedInput {
  organization: Organization
  is_verified: boolean
}

/** verifyOrganizations: POST /v1/organizations/verify/ */
export interface VerifyOrganizationsInput {
  ids: number[]
  is_verified: boolean
}

export interface VerifyOrganizationsResult {
  updated: number
}

// ---------------------------------------------------------------------------------------------
// Organization page and its members (spec §2 Organization page, §3 Organization user).
// ---------------------------------------------------------------------------------------------

/** An organization as GET /v1/organizations/{id}/ gives it. */
export type Organization = components['schemas']['Organization']

/** A member of an organization with the member's roles in it. */
export type OrganizationUser = components['schemas']['OrganizationUser']

/** One page of members: {count, next, previous, results}. */
export type OrganizationUserPage = components['schemas']['OrganizationUserPage']

/** A column the members tables sort by: the teachers list sorts by its class and student counts too. */
export type OrganizationUserSort = 'username' | 'email' | 'first_name' | 'last_name' | 'groups_count' | 'users_groups_count'

/** The sort of the members table: a column, descending with a leading '-'. */
export type OrganizationUserOrdering = OrganizationUserSort | `-${OrganizationUserSort}`

/** What the members table shows: the URL's search, role filter, sort and page. */
export interface OrganizationUsersQuery extends PagedListQuery {
  search: string
  /** Empty: every member. */
  roles: OrganizationRole[]
  ordering: OrganizationUserOrdering
}

// ---------------------------------------------------------------------------------------------
// The organization profile's flows: status, logo, admins and the admin invite.
// ---------------------------------------------------------------------------------------------


/** What the status dialog does: disable (active → inactive), enable (back), or delete. */
export type StatusAction = 'disable' | 'enable' | 'delete'

/** changeStatus: POST /v1/organizations/{id}/status/ or DELETE /v1/organizations/{id}/, with the acting user's password. */
export interface ChangeStatusInput {
  organizationId: number
  action: StatusAction
  password: string
}

/** The organization after the change; null after a delete (204, nothing comes back). */
export type ChangeStatusResult = Organization | null

export interface OrganizationIdInput {
  organizationId: number
}

/** loadOrganizationUsers: GET /v1/organizations/{id}/users */
export type LoadOrganizationUsersInput = PagedListInput<OrganizationUsersQuery>

// ---------------------------------------------------------------------------------------------
// Paged lists (machines/paged-list.ts): the members tables, a person's classes.
// ---------------------------------------------------------------------------------------------

/** What every paged list asks for: a page (1 first); each screen adds its own filters and sort. */
export interface PagedListQuery {
  page: number
}

/** A paged list's input, and what its loadPage actor gets: the organization and the screen's query. */
export interface PagedListInput<Query extends PagedListQuery = PagedListQuery> {
  organizationId: number
  query: Query
}

/** The paged list's loader as the machine holds it: the rows are the screen's own (PagedListLoader<Row, Query> in src). */
export type PagedListPage = Page<unknown>

export interface MemberInput {
  organizationId: number
  userId: number
}

/** removeMember: DELETE /v1/organizations/{id}/users/{userId}[?from_system=true] */
export interface RemoveMemberInput extends MemberInput {
  fromSystem: boolean
}

/** changeMemberStatus: POST /v1/organizations/{id}/users/{userId}/disable/ or .../enable/ */
export interface ChangeMemberStatusInput extends MemberInput {
  action: MemberStatusAction
}

export type MemberStatusAction = 'disable' | 'enable'

/** What the edit-member dialog changes. */
export interface MemberChanges {
  first_name: string
  last_name: string
  roles: OrganizationRole[]
  /** A teacher's department and title (null clears); left out when the member will not be a teacher. */
  department?: string | null
  title?: string | null
}

/** saveMember: POST roles, then PATCH names (and a teacher's department and title), of /v1/organizations/{id}/users/{userId}. */
export interface SaveMemberInput extends MemberInput {
  changes: MemberChanges
}

/** What the invite-by-e-mail dialog sends. */
export interface EmailInvite {
  emails: string[]
  role: OrganizationRole
}

/** inviteByEmail: POST /v1/accounts/invite/ {organization, role, emails} */
export interface InviteByEmailInput extends EmailInvite {
  organizationId: number
}

/** inviteByEmail's answer: the addresses mailed an invitation today already, renewed without a second mail. */
export interface InviteByEmailResult {
  renewed: string[]
}

/** uploadLogo: PUT /v1/organizations/{id}/logo/ with the image as the body. */
export interface UploadLogoInput {
  organizationId: number
  file: Blob
}

/** inviteAdmin: POST /v1/accounts/invite/ {organization, role: admin, emails: [email]}. */
export interface InviteAdminInput {
  organizationId: number
  email: string
}

/** The phone's system, which decides the app store of a download link. */
export type AppPlatform = 'ios' | 'android'

/** How the app's download link goes out: by mail or by text message. */
export type AppLinkChannel = 'email' | 'sms'

/** sendAppLink: POST /v1/invitations/email {email, application} or POST /v1/invitations/sms {phone, application}. */
export type SendAppLinkInput =
  | { channel: 'email'; email: string; application: AppPlatform }
  | { channel: 'sms'; phone: string; application: AppPlatform }

/** A staged organization import, as previewed (its rows with their errors) or as confirmed. */
export type OrganizationImport = components['schemas']['OrganizationImport']
export type OrganizationImportRow = components['schemas']['OrganizationImportRow']

// ---------------------------------------------------------------------------------------------
// The pending invitations of an organization (spec §3 Pending invite, §4 Invitation, §5 resending).
// ---------------------------------------------------------------------------------------------

/** An invitation not yet accepted nor revoked: pending, resent, or expired (and resendable). */
export type PendingInvitation = components['schemas']['PendingInvitation']

/** One page of them: {count, next, previous, results}, 10 a page. */
export type PendingInvitationPage = components['schemas']['PendingInvitationPage']

/** What the pending-invites flow starts from; `enabled` is false for those who may not manage invitations (teachers). */
export interface PendingInvitesInput {
  organizationId: number
  enabled: boolean
  /** Only the invitations for these roles (a students or teachers list); none or absent: every role. */
  roles?: OrganizationRole[]
}

/** loadPendingInvites: GET /v1/invitations/organization/{id}/?roles&page */
export interface LoadPendingInvitesInput {
  organizationId: number
  roles: OrganizationRole[]
  page: number
}

/** resendInvitations: POST /v1/invitations/{id}/resend/ for one, POST /v1/invitations/resend/{orgId}/ for several. */
export interface ResendInvitationsInput {
  organizationId: number
  ids: number[]
}

/** revokeInvitation: DELETE /v1/invitations/{id}/ */
export interface RevokeInvitationInput {
  invitationId: number
}

// ---------------------------------------------------------------------------------------------
// The profile (machines profile, withdraw)
// ---------------------------------------------------------------------------------------------

/** What the edit-profile dialog sends: PATCH /v1/accounts/{id}; `current_password` only with a new e-mail. */
export interface ProfileChanges {
  first_name: string
  last_name: string
  username: string | null
  phone_code: string | null
  phone_number: string | null
  email: string
  current_password?: string
}

/** saveProfile: PATCH /v1/accounts/{id} -> User */
export interface SaveProfileInput {
  userId: number
  changes: ProfileChanges
}

/** changePassword (with a password) or definePassword (a social account): PUT /v1/accounts/{id}/password. */
export type PasswordChange =
  | { current_password: string; new_password: string }
  | { new_password: string; confirm_new_password: string }

/** changePassword: PUT /v1/accounts/{id}/password, then GET /v1/accounts/{id} -> User */
export interface ChangePasswordInput {
  userId: number
  change: PasswordChange
}

/** deleteAccount: DELETE /v1/accounts/{id} {password} (no password for an account without one) */
export interface DeleteAccountInput {
  userId: number
  password: string | null
}

/** uploadPhoto: the image cropped square in the browser, then PUT /v1/accounts/{id}/photo/ -> User */
export interface UploadPhotoInput {
  userId: number
  file: Blob
}

/** removePhoto (DELETE /v1/accounts/{id}/photo/), reloadAccount (GET /v1/accounts/{id}) -> User */
export interface UserIdInput {
  userId: number
}

/** resendEmailConfirmation: POST /v1/accounts/send_confirmation/ {email} (the unconfirmed address) */
export interface ResendConfirmationInput {
  email: string
}

/** The withdraw dialog's start: whose, and which organization (with the user's roles and sole_admin). */
export interface WithdrawInput {
  userId: number
  organization: OrganizationMembership
}

/** withdraw: DELETE /v1/organizations/{id}/membership/ */
export interface WithdrawFromOrganizationInput {
  organizationId: number
}
// Join by code: an organization's join code and its requests (admins), joining by a code (anyone).
// ---------------------------------------------------------------------------------------------

/** The join code, whether it is on, whether code joins wait for approval, and the link the QR code carries. */
export type JoinCode = components['schemas']['JoinCode']

/** updateJoinCode: PATCH /v1/organizations/{id}/join-code/ with one setting. */
export interface UpdateJoinCodeInput {
  organizationId: number
  change: { enabled: boolean } | { requires_approval: boolean }
}

/** A request to join, waiting for an admin. */
export type JoinRequest = components['schemas']['JoinRequest']

/** What the join-requests flow starts from; `enabled` is false for those who may not manage the organization's members. */
export interface JoinRequestsInput {
  organizationId: number
  enabled: boolean
}

/** approveJoinRequest / refuseJoinRequest */
export interface DecideJoinRequestInput {
  organizationId: number
  requestId: number
}

export type JoinRole = 'student' | 'teacher'

/** The join page's start: the code of the link (or none), and the role asked for (`?role=teacher`). */
export interface JoinOrganizationInput {
  code: string | null
  role: JoinRole
  /** The answer of a join just made, when the page is shown again after it (the session reloaded the organizations). */
  joined?: JoinByCodeResult | null
}

/** joinByCode: POST /v1/invitations/join/ */
export interface JoinByCodeInput {
  code: string
  role: JoinRole
}

/** Joined, or a join request waits for an admin; with the organization. */
export type JoinByCodeResult = components['schemas']['JoinByCodeResult']
// Batch invitation from a file (spec 000 §3 Batch invite upload, §4 File import flow).

export type InvitationBatch = components['schemas']['InvitationBatch']
export type InvitationBatchRow = components['schemas']['InvitationBatchRow']
export type InvitationBatchRowStatus = components['schemas']['InvitationBatchRowStatus']
export type InvitationBatchKind = components['schemas']['InvitationBatchKind']
export type InvitationBatchUpload = components['schemas']['InvitationBatchUpload']
export type InvitationBatchFilter = 'all' | 'ok' | 'problems'

/** What uploadFile reports while the file goes out. */
export interface UploadProgressEvent {
  type: 'upload.progress'
  loaded: number
  total: number
}

// The file-import flow (machines/file-import.ts): its settings and the inputs of its actors, which
// each screen provides (the class import, users into classes, invitations, organizations).

/** What one screen's file import takes and how it goes (machines/file-import.ts FILE_IMPORTS). */
export interface FileImportSettings {
  /** The file names taken, by their ending in lower case ('.xlsx'); any other: 'File type is not allowed'. */
  readonly extensions: readonly string[]
  /** The largest file taken, in bytes (a file of exactly this size is taken). */
  readonly maxBytes: number
  /** The file is PUT to a presigned address first; otherwise the call that reads it takes the file itself. */
  readonly presigned: boolean
  /** Another file chosen replaces this one (at any time but while confirming), and there is no remove; otherwise one file at a time. */
  readonly replaceable: boolean
  /** Confirming asks yes or no first. */
  readonly asks: boolean
  /** A confirmation refused for rows with errors (409 with the rows) shows them as the preview, not as a failure. */
  readonly refusalAsPreview: boolean
}

/** An import as read from its file or as confirmed, whichever screen's it is. */
export type FileImportPreview = ClassImport | ClassUserImport | InvitationBatch | OrganizationImport
/** A presigned upload address and what names the upload (the class imports' callback_id, an invitation list's id). */
export type FileImportUpload = ClassImportUpload | InvitationBatchUpload

/** requestUpload: the file's upload address (the invitation list's with the role chosen so far). */
export interface FileImportRequestInput {
  file: File
  role: components['schemas']['Role'] | null
}

/** uploadFile: PUT of the file to the presigned address (reports UploadProgressEvent). */
export interface FileImportUploadInput {
  upload: FileImportUpload
  file: File
}

/** readPreview: the file read (a page of it, filtered): after its upload, or sent with the call. */
export interface FileImportReadInput {
  /** The file itself (null once read). */
  file: File | null
  /** The presigned upload it went to, or null. */
  upload: FileImportUpload | null
  page: number
  filter: InvitationBatchFilter
}

/** changeRole: the invitation list's role, its rows checked again. */
export interface FileImportRoleInput {
  preview: FileImportPreview
  role: components['schemas']['Role']
}

/** confirmImport: the previewed import, with the consent chosen. */
export interface FileImportConfirmInput {
  preview: FileImportPreview
  consent: boolean
}

/** The onboarding's role choice (spec §2, the fuller reading: school admin, company admin, teacher, student). */
export type OnboardingRole = 'schoolAdmin' | 'companyAdmin' | 'teacher' | 'student'

/** The organization made at onboarding, as its setup steps need it. */
export interface OnboardingOrganization {
  id: number
  name: string
  type: OrganizationType
}

export interface OnboardingInput {
  /** The organization whose setup steps to resume (the page's address names it), or null to start at the welcome. */
  organization: OnboardingOrganization | null
  /** Whether classes can be created yet: until then the create-a-class step is left out, not faked. */
  classesAvailable: boolean
}

/** Where the onboarding ends: the new organization's page, or the join-by-code page for a teacher. */
export type OnboardingOutput = { outcome: 'organization'; organizationId: number } | { outcome: 'join'; path: string }
// Classes (teams): the class list (spec 001 §2 Class list, §3 Class, §4 Class status).
// ---------------------------------------------------------------------------------------------

/** A class as the server shows it, with its computed status, owner, counts and goals. */
export type ClassGroup = components['schemas']['Group']

/** One page of classes: {count, next, previous, results}, 50 a page. */
export type ClassGroupPage = components['schemas']['GroupPage']

export type ClassStatus = components['schemas']['GroupStatus']

/** The side filter (all, or one status), the search and the page of the class list. */
export interface ClassListQuery extends PagedListQuery {
  status: components['schemas']['GroupStatusFilter']
  search: string
}

/** The class list is a paged list (its query and loader are shaped as the paged list's) with its own bulk delete. */
export type ClassListInput = PagedListInput<ClassListQuery>

/** loadClasses: GET /v1/groups/{orgId}/?page&status&search */
export type LoadClassesInput = ClassListInput

/** deleteClasses: DELETE /v1/groups/{orgId}/{groupId}/, one call per class (spec §7). */
export interface DeleteClassesInput {
  organizationId: number
  ids: number[]
}

/** Which classes went and which did not (a refused one does not stop the others). */
export interface DeleteClassesOutput {
  deleted: number[]
  failed: number[]
}

// The class creation wizard (spec 001 §2 Creation wizard, §3 Class being built, §4 Draft and Wizard).

/** The wizard's steps, in their one constant order (README: the step order chosen). */
export type WizardStep = components['schemas']['WizardStep']

/** The class being built (spec §3): what the wizard was given so far, kept across a reload. */
export interface ClassBeingBuilt {
  /** The draft's id once it was saved ("save and finish later"); null before. */
  id: number | null
  /** The idempotency key of this class's creation (a double click makes one class). */
  key: string
  className: string
  startDate: string
  endDate: string
  /** The teacher's e-mail; unused when a teacher builds the class (they own it). */
  teacher: string
  /** Whether goals were set (false: "I'll do this later"). */
  goals: boolean
  daysPractice: number
  minutesPractice: number
  takeAssessment: boolean
  engagementDays: number
  /** The students' e-mails. */
  users: string[]
  /** Auto-join: the learners gave their permission beforehand. */
  consent: boolean
  /** Where the class was left. */
  step: WizardStep
}

/** saveClass: POST /v1/groups/{orgId}/ (with the key), or PUT of the saved draft; `isDraft` keeps it a draft. */
export interface SaveClassInput {
  organizationId: number
  asTeacher: boolean
  built: ClassBeingBuilt
  isDraft: boolean
}

/** loadDraft: GET /v1/groups/{orgId}/{groupId}/ of a draft to reopen. */
export interface LoadDraftInput {
  organizationId: number
  groupId: number
}

// ---- Reports (issue 10: the date-interval picker and the reports it loads) ----

/** The spec's scopes: one point of a series per day, per week (labelled from its Saturday) or per month. */
export type ReportScope = 'daily' | 'weekly' | 'monthly'

/** The six date shortcuts of the interval picker (spec 001 §2, 000 §9), in the menu's order. */
export type ReportShortcut = 'thisMonth' | 'lastWeek' | 'lastMonth' | 'last3Months' | 'last6Months' | 'lastYear'

/** An interval of whole local dates, both ends included, as ISO dates (2026-11-01). */
export interface ReportInterval {
  from: string
  to: string
}

/**
 * The calendar a report range starts from, computed from today's date outside the machine
 * (src/features/reports/range.ts, with Temporal): the latest date that may be picked (tomorrow, spec
 * §5) and the interval of each shortcut. ISO dates compare as strings, so the machine needs no more.
 */
export interface ReportCalendar {
  maxDate: string
  shortcuts: Record<ReportShortcut, ReportInterval>
}

/** The query of every report call (spec §7: from, to, scope). */
export interface ReportQuery extends ReportInterval {
  scope: ReportScope
}

/** Whose reports: a class (its organization's time zone) or one learner seen from an organization. */
export type ReportSubject =
  | { kind: 'group'; organizationId: number; groupId: number }
  | { kind: 'user'; organizationId: number; userId: number }
  /** The students of the classes a teacher owns (teacher details). */
  | { kind: 'teacher'; organizationId: number; teacherId: number }
  /** A class's overview figures (class details' overview tab). */
  | { kind: 'classSummary'; organizationId: number; groupId: number }

export interface ReportRangeInput {
  calendar: ReportCalendar
  subject: ReportSubject
}

/** loadReport: the report calls of the subject (GET /v1/reports/groups|group|user|teacher/{id}/?from&to&scope). */
export interface LoadReportInput extends ReportQuery {
  subject: ReportSubject
}

/** One point of a series: the period's first date (ISO) and its values by series name (null: nothing to average). */
export interface ReportPoint {
  period: string
  values: Record<string, number | null>
}

/** The lessons overview (spec §3 Report data: overview). */
export interface ReportOverview {
  active_users: number
  lessons_count: number
  hours: number
  lessons_per_day: number
  minutes_per_day: number
}

/** One assessment of a learner (spec §3: assessment history). */
export interface AssessmentRecord {
  date_assessment: string
  eps: number | null
  overall_score: number | null
  pronunciation: number | null
  intonation: number | null
  fluency: number | null
  skills: { name: string; score: number }[]
}

/** One lesson of a learner (spec §3: lesson detail). */
export interface LessonRecord {
  date: string
  module_name: string
  lesson_name: string
  overall_native_score: number | null
  difficulty_level: string | null
}

/** Minutes per period of one learner (the reports tab's time-tracking table). */
export interface StudentTimeRow {
  id: number
  name: string
  minutes: Record<string, number>
}

/**
 * What a report screen shows, shaped for the charts: each part is there when the subject's calls
 * give it (a class has the weekly buckets and the improvement pie, a learner the lessons and history).
 */
export interface ReportData {
  overview: ReportOverview | null
  /** numberOfLessons and numberOfSeconds per period. */
  lessons: ReportPoint[]
  /** avgPracticeSeconds (per active student) and avgPracticeLessons per period. */
  averages: ReportPoint[]
  /** activeStudents per period. */
  active: ReportPoint[]
  /** The weekly buckets (not_active, 1_4_days, 5_5_days, 6_7_days) as counts per week. */
  weeklyActive: ReportPoint[]
  /** eps per period. */
  eps: ReportPoint[]
  /** Students per improvement bucket (0_5_percent ... mt_70_percent). */
  improvement: Record<string, number> | null
  timeActivity: { periods: string[]; rows: StudentTimeRow[] } | null
  assessments: AssessmentRecord[]
  lessonDetail: LessonRecord[]
  /** A learner's own figures (student details' overview), null for a class. */
  learner: { last_eps: number | null; assessment_test: number | null; last_active: string | null } | null
  /** A class's overview figures: the mean last assessment score of those assessed, and the share active per period (percentActive). */
  summary?: { score: number | null; assessed: number; students: number; percentActive: ReportPoint[] }
}
// ---------------------------------------------------------------------------------------------
// The dashboards (spec 001 §2 Dashboards).
// ---------------------------------------------------------------------------------------------

/** GET /v1/organizations/{id}/dashboard/: the dashboard of the caller's role. */
export type Dashboard = components['schemas']['Dashboard']
export type DashboardClass = components['schemas']['DashboardClass']
export type DashboardLearner = components['schemas']['DashboardLearner']

// ---- class details (issue 9): the class page, its students table, adding students, a teacher's classes ----

export type GroupStudent = components['schemas']['GroupStudent']
export type GroupStudentPage = components['schemas']['GroupStudentPage']
export type GroupMember = components['schemas']['GroupMember']
export type GroupStudentOrdering = NonNullable<NonNullable<operations['listGroupStudents']['parameters']['query']>['ordering']>
export type ClassDetailsForm = components['schemas']['UpdateGroupRequest']
export type ClassGoals = components['schemas']['AssignmentRequest']

/** Which class a flow is about. */
export interface ClassRef {
  organizationId: number
  groupId: number
}

/** loadClass: GET /v1/groups/{orgId}/{groupId}/ */
export type LoadClassInput = ClassRef
/** saveClass: PUT /v1/groups/{orgId}/{groupId}/; then POST or DELETE /v1/groups/{groupId}/teacher when `teacher` changed (admins). */
export interface SaveClassDetailsInput extends ClassRef {
  details: ClassDetailsForm
  /** The teacher's address as typed; undefined when the form does not show it (teachers). */
  teacher?: string
}
/** saveGoals: POST /v1/assignments/{groupId}/ */
export interface SaveGoalsInput extends ClassRef {
  goals: ClassGoals
}
/** assignTeacher: POST /v1/groups/{groupId}/teacher {email} */
export interface AssignTeacherInput extends ClassRef {
  email: string
}
/** removeTeacher: DELETE /v1/groups/{groupId}/teacher */
export type RemoveTeacherInput = ClassRef

/** What the students table shows: search, range (ISO dates, empty for the default), sort, page. */
export interface ClassStudentsQuery {
  search: string
  from: string
  to: string
  ordering: GroupStudentOrdering
  page: number
}
export interface ClassStudentsInput extends ClassRef {
  query: ClassStudentsQuery
}
/** loadStudents: GET /v1/groups/{groupId}/users?from&to&search&page&ordering */
export type LoadClassStudentsInput = ClassStudentsInput
/** removeStudent: DELETE /v1/groups/{groupId}/users/{studentId} */
export interface RemoveClassStudentInput extends ClassRef {
  studentId: number
}

/** addStudents: POST /v1/groups/{groupId}/users {emails} */
export interface AddClassStudentsInput extends ClassRef {
  emails: string[]
  /** Prior permission of the learners: the organization's students join at once (spec 001 §2). */
  consent: boolean
}
export type AddClassStudentsOutput = components['schemas']['AddGroupStudentsResult']

/** The teacher whose classes the profile shows. */
export interface TeacherClassesInput {
  organizationId: number
  teacher: { id: number; email: string }
}
/** loadTeacherClasses: GET /v1/groups/{orgId}/?owner (theirs) and GET /v1/groups/{orgId}/ (to choose from). */
export interface TeacherClasses {
  owned: ClassGroup[]
  all: ClassGroup[]
}
/** assignTeacherClasses: POST /v1/groups/{groupId}/teacher {email} for each class chosen. */
export interface AssignTeacherClassesInput extends TeacherClassesInput {
  groupIds: number[]
}
/** How many went and how many not (a refused one does not stop the others). */
export interface AssignTeacherClassesOutput {
  assigned: number[]
  failed: number[]
}

/**
 * The classes on a student's or teacher's details (spec §2: a student's first 3, a teacher's first 5):
 * loadPersonClasses is GET /v1/groups/{orgId}/{studentId}/groups for a student, GET
 * /v1/groups/{orgId}/?owner for a teacher; the page's count is how many there are in all.
 */
export type PersonClassesInput = PagedListInput<PersonClassesQuery>

/** Whose classes a person's details list (the list has one page: the first classes and the count). */
export interface PersonClassesQuery extends PagedListQuery {
  userId: number
}

// ---------------------------------------------------------------------------------------------
// Class import (specification 001 §2 Class import, §4 Upload and Class import, §7).

export type ClassImport = components['schemas']['ClassImport']
export type ClassImportClass = components['schemas']['ClassImportClass']
export type ClassImportUpload = components['schemas']['ClassImportUpload']

// ---------------------------------------------------------------------------------------------
// User import into classes (specification 001 §2 User import into classes, §4 Upload, §7).

export type ClassUserImport = components['schemas']['ClassUserImport']
export type ClassUserImportClass = components['schemas']['ClassUserImportClass']
