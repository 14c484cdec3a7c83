import type { BaseTranslation } from '../../i18n-types.js'

const en_startLearning = {
	title: 'Start learning',
	lead: 'You practise your pronunciation in the mobile app, with the same account as here.',
	getTheApp: 'Get the app',
	getTheAppText: 'We send you the link to install it on your phone.',
	byEmail: 'Send the link by e-mail',
	bySms: 'Send the link by text message',
	emailTitle: 'Send the link by e-mail',
	emailText: 'Open the mail on your phone and follow the link.',
	smsTitle: 'Send the link by text message',
	smsText: 'We text the link to your phone.',
	email: 'E-mail',
	phoneCode: 'Code',
	phoneNumber: 'Phone number',
	phoneType: 'Phone type',
	choosePhoneType: 'Choose your phone',
	ios: 'iPhone or iPad (iOS)',
	android: 'Android',
	send: 'Send link',
	joinTitle: 'Join your school or company',
	joinText: 'You do not belong to an organization yet. When your teacher or administrator invites you, open the link of the invitation mail and you are in.',
} satisfies BaseTranslation

export default en_startLearning
