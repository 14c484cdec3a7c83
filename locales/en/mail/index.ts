import type { BaseTranslation } from '../../i18n-types.js'

const en_mail = {
	signature: 'The Pronunciation Portal team',
	linkFallback: "If the button doesn't work, copy this link into your browser:",
	linkExpires: 'This link works until {expires:DateLike|dateTime}.',
	confirmAccount: {
		subject: 'Confirm your email address',
		greeting: 'Hi {name:string},',
		body: 'Thanks for signing up for Pronunciation Portal. Please confirm your email address to start using your account.',
		action: 'Confirm my email',
		footer: "If you didn't create this account, you can ignore this email.",
	},
	resetPassword: {
		subject: 'Reset your password',
		greeting: 'Hi {name:string},',
		body: 'We received a request to reset the password of your account. Use the button below to choose a new one. The link can be used only once.',
		action: 'Choose a new password',
		footer: "If you didn't ask for this, you can ignore this email. Your password stays the same.",
	},
	invitation: {
		subject: 'You are invited to join {organization:string}',
		greeting: 'Hi {name:string},',
		body: '{organization:string} has invited you to join them on Pronunciation Portal. Your role: {role:string}.',
		action: 'Accept invitation',
		footer: "If you weren't expecting this invitation, you can ignore this email.",
	},
	emailChanged: {
		subject: 'Your email address was changed',
		greeting: 'Hi {name:string},',
		body: 'The email address of your Pronunciation Portal account was changed to {email:string}.',
		action: 'Open my profile',
		footer: "If you didn't make this change, reset your password and contact your organization administrator right away.",
	},
	emailChangeRequested: {
		subject: 'A change of your email address was requested',
		greeting: 'Hi {name:string},',
		body: 'Someone asked to change the email address of your Pronunciation Portal account to {email:string}.',
		action: 'Undo this change',
		footer: 'If it was you, you can ignore this email. If not, undo the change: it logs your account out everywhere, and then reset your password.',
	},
	confirmNewEmail: {
		subject: 'Confirm your new email address',
		greeting: 'Hi {name:string},',
		body: 'Please confirm that {email:string} is the new email address of your Pronunciation Portal account.',
		action: 'Confirm new email',
		footer: "If you didn't ask for this change, you can ignore this email. Your address stays the same.",
	},
	signUpAttempt: {
		subject: 'Someone tried to sign up with your email address',
		greeting: 'Hi {name:string},',
		body: 'Someone tried to create a new Pronunciation Portal account with {email:string}. You already have an account with this address, so no new account was made and nothing in yours was changed. If it was you, log in with your account. If you forgot your password, choose a new one with the button below.',
		action: 'Choose a new password',
		login: 'Log in',
		footer: 'If it wasn\'t you, you can ignore this email. Your account and password stay as they are.',
	},
	passwordChanged: {
		subject: 'Your password was changed',
		greeting: 'Hi {name:string},',
		body: 'The password of your Pronunciation Portal account was just changed.',
		action: 'Log in',
		footer: "If you didn't change it, reset your password right away and contact your organization administrator.",
	},
	appLink: {
		ios: 'iPhone or iPad',
		android: 'Android phone',
		subject: 'Your link to the pronunciation app',
		greeting: 'Hello,',
		body: 'Here is the link to install the pronunciation app on your {platform:string}. Sign in with the account you use on the portal and start practising.',
		action: 'Install the app',
		footer: 'Someone asked the Pronunciation Portal to send this link to this address. If it was not you, you can ignore this mail.',
		sms: 'Your link to install the pronunciation app: {link:string}',
		mailed: 'The link is on its way to {email:string}.',
		texted: 'The link is on its way to {phone:string}.',
		phoneInvalid: 'This is not a phone number of that country code.',
	},
} satisfies BaseTranslation

export default en_mail
