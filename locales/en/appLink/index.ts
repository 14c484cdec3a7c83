import type { BaseTranslation } from '../../i18n-types.js'

const en_appLink = {
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
} satisfies BaseTranslation

export default en_appLink
