import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import type { Namespaces } from '../../locales/i18n-types'
import { LoginPage } from '../features/auth/LoginPage'
import { loadDateFormatters, withTexts } from './language'
import { ScreenLoading } from './ScreenLoading'
import { useCurrentUser } from './root-context'
import { ROUTES, type RouteName } from './paths'

/*
 * Only the login page (and sign-up, the same screen) comes with the first load: it is where most
 * visits start. Every other screen is loaded when it is first shown (its own chunk; the screens of
 * one module share it), the main region showing a spinner meanwhile. A screen's loader also loads
 * the dictionary namespaces its texts are in (locales/<lang>/<namespace>/), which the first load
 * leaves out. The logged-in screens also wait for the date formatters, which bring Temporal's
 * polyfill: only they show dates.
 */
const loggedIn =
  <M,>(load: () => Promise<M>, namespaces: readonly Namespaces[] = []) =>
  (): Promise<M> =>
    Promise.all([withTexts(load, namespaces)(), loadDateFormatters()]).then(([module]) => module)

/** The screen `name` of the module `load` brings, loaded when first shown. */
const screen = <M, K extends keyof M>(load: () => Promise<M>, name: K) =>
  // any: whatever props the screen takes, as React's own lazy
  lazy(() => load().then((m) => ({ default: m[name] as Extract<M[K], ComponentType<any>> })))

/** The texts of the organization screens (the users views are shared with the users area). */
const ORGANIZATION_TEXTS: readonly Namespaces[] = ['organizationUsers', 'organizationForm', 'adminOrganizations', 'organizationProfile']

/*
 * The loaders exported here are also called by route-data.ts, ahead of a logged-in arrival at their screens:
 * the browser loads a module once, and the screen's React.lazy then finds it (and its texts) loaded.
 */
const auth = () => import('../features/auth/pages')
const accountPages = withTexts(auth, ['account'])
const legal = withTexts(auth, ['legal', 'account'])
const organizations = loggedIn(() => import('../features/organizations/pages'), ORGANIZATION_TEXTS)
/** The platform admin's list on its own: without an organization's page (its users, invitations, profile). */
export const adminOrganizations = loggedIn(() => import('../features/organizations/admin/AdminOrganizationsScreen'), ORGANIZATION_TEXTS)
/** The texts of the users area: its lists, their invitations and imports, and a person's classes and reports. */
const USERS_TEXTS: readonly Namespaces[] = ['organizationUsers', 'invitationImport', 'reports', 'classDetails', 'classes', 'personClasses']
const users = loggedIn(() => import('../features/users/pages'), USERS_TEXTS)
/** A student's page (a teacher's and an admin's everyday one) on its own: without the lists' invitations and imports. */
export const studentDetails = loggedIn(() => import('../features/users/students/StudentDetails'), USERS_TEXTS)

const NotFoundPage = screen(() => import('./NotFoundPage'), 'NotFoundPage')
const ConfirmAccountPage = screen(accountPages, 'ConfirmAccountPage')
const ResetPasswordPage = screen(accountPages, 'ResetPasswordPage')
const TermsPage = screen(legal, 'TermsPage')
const PrivacyPage = screen(legal, 'PrivacyPage')
const InvitePage = screen(accountPages, 'InvitePage')
const UndoEmailChangePage = screen(accountPages, 'UndoEmailChangePage')
export const dashboard = loggedIn(() => import('../features/dashboards/DashboardPage'), ['dashboards', 'classes', 'startLearning', 'classImport'])
const DashboardPage = screen(dashboard, 'DashboardPage')
const profile = loggedIn(() => import('../features/profile/ProfilePage'), ['myProfile'])
const ProfilePage = screen(profile, 'ProfilePage')
const onboarding = loggedIn(() => import('../features/onboarding/OnboardingPage'), ['startLearning', 'onboarding', 'organizationForm', 'organizationUsers'])
const OnboardingPage = screen(onboarding, 'OnboardingPage')
const join = loggedIn(() => import('../features/invitations/JoinPage'), ['organizationUsers'])
const JoinPage = screen(join, 'JoinPage')
const classes = loggedIn(() => import('../features/classes/ClassesPage'), ['classes', 'classDetails', 'classImport', 'classUserImport'])
const ClassesPage = screen(classes, 'ClassesPage')
const classWizard = loggedIn(() => import('../features/classes/wizard/ClassWizardPage'), ['classes', 'classWizard', 'invitationImport'])
const ClassWizardPage = screen(classWizard, 'ClassWizardPage')
const classImport = loggedIn(() => import('../features/classes/import/ClassImportPage'), ['classImport'])
const ClassImportPage = screen(classImport, 'ClassImportPage')
const classUserImport = loggedIn(() => import('../features/classes/import/ClassUserImportPage'), ['classImport', 'classUserImport'])
const ClassUserImportPage = screen(classUserImport, 'ClassUserImportPage')
export const classDetails = loggedIn(() => import('../features/classes/details/ClassDetailsPage'), ['classes', 'classDetails', 'organizationUsers', 'reports', 'classExports', 'invitationImport'])
const ClassDetailsPage = screen(classDetails, 'ClassDetailsPage')
const AdminOrganizationsPage = screen(adminOrganizations, 'AdminOrganizationsScreen')
const AdminOrganizationPage = screen(organizations, 'AdminOrganizationPage')
const OrganizationPage = screen(organizations, 'OrganizationPage')
const OrganizationUserProfilePage = screen(users, 'OrganizationUserProfilePage')
const StudentsPage = screen(users, 'StudentsPage')
const StudentDetailsPage = screen(studentDetails, 'StudentDetails')
const TeachersPage = screen(users, 'TeachersPage')
const TeacherDetailsPage = screen(users, 'TeacherDetailsPage')

/** The component gallery, in development builds only (dropped from production bundles). */
const Gallery = import.meta.env.DEV ? screen(() => import('../ui/Gallery'), 'Gallery') : null

/**
 * The flow gallery (src/flows), elkjs with it: a chunk of its own, loaded only for those who may see
 * it. A production build shows it to platform admins only (anybody else gets the not-found page, the
 * chunk never loaded); a development build to anybody logged in.
 */
const flows = withTexts(() => import('../flows/FlowsPage'), ['flows'])
const FlowsPage = screen(flows, 'FlowsPage')
function FlowsScreen() {
  const user = useCurrentUser()
  return import.meta.env.DEV || user?.is_superuser ? <FlowsPage /> : <NotFoundPage />
}

type ScreenName = Exclude<RouteName, 'NotFound'>

/** Each route's screen (paths.ts has the names and patterns, in matching order). */
const screens: Record<ScreenName, ReactNode> = {
  Login: <LoginPage mode="login" />,
  Signup: <LoginPage mode="signup" />,
  ConfirmAccount: <ConfirmAccountPage />,
  ResetPassword: <ResetPasswordPage />,
  UndoEmailChange: <UndoEmailChangePage />,
  Invite: <InvitePage />,
  Terms: <TermsPage />,
  Privacy: <PrivacyPage />,
  DevUi: Gallery ? <Gallery /> : null,
  Flows: <FlowsScreen />,
  Dashboard: <DashboardPage />,
  Profile: <ProfilePage />,
  AdminOrganizations: <AdminOrganizationsPage />,
  AdminOrganization: <AdminOrganizationPage />,
  Onboarding: <OnboardingPage />,
  Join: <JoinPage />,
  OrganizationDashboard: <DashboardPage />,
  OrganizationUserProfile: <OrganizationUserProfilePage />,
  Students: <StudentsPage mode="list" />,
  StudentsInvite: <StudentsPage mode="email-invite" />,
  StudentsImport: <StudentsPage mode="import-users" />,
  ElsaUsersImport: <StudentsPage mode="import-user-ids" />,
  'student-details': <StudentDetailsPage />,
  Teachers: <TeachersPage mode="list" />,
  TeachersInvite: <TeachersPage mode="email-invite" />,
  'teacher-details': <TeacherDetailsPage />,
  ClassesNew: <ClassWizardPage />,
  ClassesImport: <ClassImportPage />,
  ClassesImportUsers: <ClassUserImportPage />,
  Classes: <ClassesPage />,
  'class-details': <ClassDetailsPage />,
  'class-invite': <ClassDetailsPage invite />,
  Organization: <OrganizationPage />,
}

/** The wouter routes of the route table; the guard has already allowed the location when this renders. */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Switch>
        {ROUTES.map((route) =>
          screens[route.name] === null ? null : (
            <Route key={route.name} path={route.path}>
              {screens[route.name]}
            </Route>
          ),
        )}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  )
}
