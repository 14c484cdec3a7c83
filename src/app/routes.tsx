import { lazy, type ReactNode, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { useI18nContext } from '../../locales/i18n-react'
import { ConfirmAccountPage } from '../features/auth/ConfirmAccountPage'
import { PrivacyPage, TermsPage } from '../features/auth/LegalPages'
import { LoginPage } from '../features/auth/LoginPage'
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage'
import { ClassesPage } from '../features/classes/ClassesPage'
import { DashboardPage } from '../features/dashboards/DashboardPage'
import { OnboardingPage } from '../features/onboarding/OnboardingPage'
import { AdminOrganizationPage, AdminOrganizationsPage, OrganizationPage } from '../features/organizations/pages'
import { ProfilePage } from '../features/profile/ProfilePage'
import {
  OrganizationUserProfilePage,
  StudentDetailsPage,
  StudentsPage,
  TeacherDetailsPage,
  TeachersPage,
} from '../features/users/pages'
import { Spinner } from '../ui'
import { NotFoundPage } from './NotFoundPage'
import { ROUTES, type RouteName } from './paths'

/** The component gallery, in development builds only (dropped from production bundles). */
const Gallery = import.meta.env.DEV ? lazy(() => import('../ui/Gallery').then((m) => ({ default: m.Gallery }))) : null

type ScreenName = Exclude<RouteName, 'NotFound'>

/** Each route's screen (paths.ts has the names and patterns, in matching order). */
const screens = (loading: string): Record<ScreenName, ReactNode> => ({
  Login: <LoginPage mode="login" />,
  Signup: <LoginPage mode="signup" />,
  ConfirmAccount: <ConfirmAccountPage />,
  ResetPassword: <ResetPasswordPage />,
  Terms: <TermsPage />,
  Privacy: <PrivacyPage />,
  DevUi: Gallery ? (
    <Suspense fallback={<Spinner label={loading} />}>
      <Gallery />
    </Suspense>
  ) : null,
  Dashboard: <DashboardPage />,
  Profile: <ProfilePage />,
  AdminOrganizations: <AdminOrganizationsPage />,
  AdminOrganization: <AdminOrganizationPage />,
  Onboarding: <OnboardingPage />,
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
  Classes: <ClassesPage />,
  Organization: <OrganizationPage />,
})

/** The wouter routes of the route table; the guard has already allowed the location when this renders. */
export function AppRoutes() {
  const { LL } = useI18nContext()
  const byName = screens(LL.common.loading())
  return (
    <Switch>
      {ROUTES.map((route) =>
        byName[route.name] === null ? null : (
          <Route key={route.name} path={route.path}>
            {byName[route.name]}
          </Route>
        ),
      )}
      <Route component={NotFoundPage} />
    </Switch>
  )
}
