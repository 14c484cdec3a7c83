import type { BaseTranslation } from '../../i18n-types.js'

const en_legal = {
	terms: {
		p1: 'Pronunciation Portal is a service for schools and companies that manage learners of English pronunciation. By using it you agree to these terms.',
		p2: 'Your organization decides who may use the portal and with which role. Use your account only for the purposes of your organization and keep your password to yourself.',
		p3: 'Do not upload content that you are not allowed to share, and do not try to reach the data of other organizations or to disturb the service.',
		p4: 'We may change these terms; the new version is then published on this page. For questions, contact the administrator of your organization.',
	},
	privacy: {
		p1: 'We keep the data needed to run your account: your name, email address, language, the organizations you belong to and your roles in them.',
		p2: 'The administrators of your organization can see your profile and your practice progress. People of other organizations cannot.',
		p3: 'We email you only about your account: confirmation links, password resets and invitations. We do not sell your data.',
		p4: 'You can change your details on your profile page and delete your account at any time; your personal data is then removed.',
	},
} satisfies BaseTranslation

export default en_legal
