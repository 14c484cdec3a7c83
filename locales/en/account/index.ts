import type { BaseTranslation } from '../../i18n-types.js'

// the account screens other than the login form (sign-up, password recovery and reset, e-mail change undo), loaded with them
const en_account = {
	passwordStrength: {
		// the hint under a new password (zxcvbn's score in four levels) and one tip for a weak one
		weak: 'Password strength: weak',
		fair: 'Password strength: fair',
		good: 'Password strength: good',
		strong: 'Password strength: strong',
		tipCommon: 'This password is among the most common ones. Choose one nobody would guess.',
		tipPattern: 'Keyboard rows, repeats, sequences and dates are easy to guess.',
		tipGeneric: 'Longer is stronger: add a few unrelated words.',
	},
	signUp: {
		title: 'Create your account',
		titleWithOrganization: 'Join {organization:string}',
		invitedAs: "You're invited to join {organization:string} as {role:string}.",
		invitedEmailHelp: 'The invitation was sent to this address.',
		firstName: 'First name',
		lastName: 'Last name',
		email: 'Email',
		password: 'Password',
		passwordHelp: 'At least {min:number} characters.',
		invitationCode: 'Invitation code (optional)',
		invitationCodeHelp: 'If your school or company gave you a code, enter it here to join it right away.',
		submit: 'Create account',
		haveAccount: 'Already have an account? Log in',
		socialSignUp: 'Sign up with {provider:string}',
		successTitle: 'Check your inbox',
		successText: 'We sent you an email with a link to confirm your account. Open it to finish signing up.',
	},
	verifySocial: {
		title: 'Confirm your details',
		explanation:
			'We will create your account with the name and email from your {provider:string} account. They cannot be changed here.',
		confirm: 'Create my account',
	},
	undoEmailChange: {
		title: 'Undo the email change',
		undoing: 'Undoing the email change…',
		undone: 'The email change was undone and your account was logged out everywhere. Reset your password now with “Forgot your password?” on the login page.',
		login: 'Go to the login page',
	},
	recoverPassword: {
		again: 'Use another email',
		title: 'Forgot your password?',
		text: 'Enter the email of your account and we will send you a link to choose a new password.',
		submit: 'Send reset link',
		sentTitle: 'Check your inbox',
		sentText: 'If an account exists for {email:string}, we sent it a link to reset the password.',
		backToLogin: 'Back to login',
	},
	resetPassword: {
		askNewLink: 'Ask for a new link',
		title: 'Choose a new password',
		newPassword: 'New password',
		confirmPassword: 'Confirm new password',
		submit: 'Save password',
		done: 'Your password has been changed. You can log in with it now.',
		invalidLink: 'This link has expired or was already used. Ask for a new one.',
		checking: 'Checking your link…',
	},
	resendConfirmation: {
		title: 'Resend confirmation email',
		text: 'Enter the email you signed up with and we will send you a new confirmation link.',
		submit: 'Send link',
		sent: 'If an unconfirmed account exists for this email, a new confirmation link is on its way.',
	},
} satisfies BaseTranslation

export default en_account
