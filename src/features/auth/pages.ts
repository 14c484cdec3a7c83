// The logged-out screens other than login and sign-up: one chunk, loaded when one of them is first shown (app/routes.tsx).
export { ConfirmAccountPage } from './ConfirmAccountPage'
export { PrivacyPage, TermsPage } from './LegalPages'
export { ResetPasswordPage } from './ResetPasswordPage'
