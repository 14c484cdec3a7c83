import { lazy, type ReactNode, Suspense } from 'react'
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

/** The texts of the organization screens (the users views are shared with the users area). */
const ORGANIZATION_TEXTS: readonly Namespaces[] = ['organizationUsers', 'organizationForm', 'adminOrganizations', 'organizationProfile']

/*
 * The loaders exported here are also called by route-data.ts, ahead of a logged-in arrival at their screens:
 * the browser loads a module once, and the screen's React.lazy then finds it (and its texts) loaded.
 */
const auth = () => import('../features/auth/pages')
const accountPages = withTexts(auth, ['account'])
const legal = withTexts(auth, ['legal', 'account'])
export const organizations = loggedIn(() => import('../features/organizations/pages'), ORGANIZATION_TEXTS)
export const users = loggedIn(() => import('../features/users/pages'), ['organizationUsers', 'invitationImport', 'reports', 'classDetails', 'classes', 'personClasses'])

const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })))
const ConfirmAccountPage = lazy(() => accountPages().then((m) => ({ default: m.ConfirmAccountPage })))
const ResetPasswordPage = lazy(() => accountPages().then((m) => ({ default: m.ResetPasswordPage })))
const TermsPage = lazy(() => legal().then((m) => ({ default: m.TermsPage })))
const PrivacyPage = lazy(() => legal().then((m) => ({ default: m.PrivacyPage })))
const InvitePage = lazy(() => accountPages().then((m) => ({ default: m.InvitePage })))
const UndoEmailChangePage = lazy(() => accountPages().then((m) => ({ default: m.UndoEmailChangePage })))
export const dashboard = loggedIn(() => import('../features/dashboards/DashboardPage'), ['dashboards', 'classes', 'startLearning', 'classImport'])
const DashboardPage = lazy(() => dashboard().then((m) => ({ default: m.DashboardPage })))
const ProfilePage = lazy(loggedIn(() => import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })), ['myProfile']))
const OnboardingPage = lazy(
  loggedIn(() => import('../features/onboarding/OnboardingPage').then((m) => ({ default: m.OnboardingPage })), [
    'startLearning',
    'onboarding',
    'organizationForm',
    'organizationUsers',
  ]),
)
const JoinPage = lazy(loggedIn(() => import('../features/invitations/JoinPage').then((m) => ({ default: m.JoinPage })), ['organizationUsers']))
const ClassesPage = lazy(
  loggedIn(() => import('../features/classes/ClassesPage').then((m) => ({ default: m.ClassesPage })), ['classes', 'classDetails', 'classImport', 'classUserImport']),
)
const ClassWizardPage = lazy(
  loggedIn(() => import('../features/classes/wizard/ClassWizardPage').then((m) => ({ default: m.ClassWizardPage })), ['classes', 'classWizard', 'invitationImport']),
)
const ClassImportPage = lazy(
  loggedIn(() => import('../features/classes/import/ClassImportPage').then((m) => ({ default: m.ClassImportPage })), ['classImport']),
)
const ClassUserImportPage = lazy(
  loggedIn(() => import('../features/classes/import/ClassUserImportPage').then((m) => ({ default: m.ClassUserImportPage })), ['classImport', 'classUserImport']),
)
export const classDetails = loggedIn(() => import('../features/classes/details/ClassDetailsPage'), ['classes', 'classDetails', 'organizationUsers', 'reports', 'classExports', 'invitationImport'])
const ClassDetailsPage = lazy(() => classDetails().then((m) => ({ default: m.ClassDetailsPage })))
const AdminOrganizationsPage = lazy(() => organizations().then((m) => ({ default: m.AdminOrganizationsPage })))
const AdminOrganizationPage = lazy(() => organizations().then((m) => ({ default: m.AdminOrganizationPage })))
const OrganizationPage = lazy(() => organizations().then((m) => ({ default: m.OrganizationPage })))
const OrganizationUserProfilePage = lazy(() => users().then((m) => ({ default: m.OrganizationUserProfilePage })))
const StudentsPage = lazy(() => users().then((m) => ({ default: m.StudentsPage })))
const StudentDetailsPage = lazy(() => users().then((m) => ({ default: m.StudentDetailsPage })))
const TeachersPage = lazy(() => users().then((m) => ({ default: m.TeachersPage })))
const TeacherDetailsPage = lazy(() => users().then((m) => ({ default: m.TeacherDetailsPage })))

/** The component gallery, in development builds only (dropped from production bundles). */
const Gallery = import.meta.env.DEV ? lazy(() => import('../ui/Gallery').then((m) => ({ default: m.Gallery }))) : null

/**
 * The flow gallery (src/flows), elkjs with it: a chunk of its own, loaded only for those who may see
 * it. A production build shows it to platform admins only (anybody else gets the not-found page, the
 * chunk never loaded); a development build to anybody logged in.
 */
const FlowsPage = lazy(withTexts(() => import('../flows/FlowsPage').then((m) => ({ default: m.FlowsPage })), ['flows']))
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
