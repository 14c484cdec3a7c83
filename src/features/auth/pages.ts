// The logged-out screens other than login and sign-up (the invitation link's check, the undo of an e-mail change): one chunk, loaded when one of them is first shown (app/routes.tsx).
export { ConfirmAccountPage } from './ConfirmAccountPage'
export { InvitePage } from './InvitePage'
export { PrivacyPage, TermsPage } from './LegalPages'
export { ResetPasswordPage } from './ResetPasswordPage'
export { UndoEmailChangePage } from './UndoEmailChangePage'
