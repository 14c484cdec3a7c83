import type { NamespaceStartLearningTranslation } from '../../i18n-types.js'

const ja_startLearning = {
	title: '学習を始める',
	lead: '発音の練習はモバイルアプリで、ここと同じアカウントで行います。',
	getTheApp: 'アプリを入手',
	getTheAppText: 'お使いのスマートフォンにインストールするためのリンクをお送りします。',
	byEmail: 'メールでリンクを送る',
	bySms: 'SMS でリンクを送る',
	emailTitle: 'メールでリンクを送る',
	emailText: 'スマートフォンでメールを開き、リンクをタップしてください。',
	smsTitle: 'SMS でリンクを送る',
	smsText: 'お使いの電話にリンクを SMS で送ります。',
	email: 'メールアドレス',
	phoneCode: '国番号',
	phoneNumber: '電話番号',
	phoneType: '端末の種類',
	choosePhoneType: '端末を選択',
	ios: 'iPhone または iPad (iOS)',
	android: 'Android',
	send: 'リンクを送信',
	joinTitle: '学校または会社に参加する',
	joinText: 'まだどの組織にも所属していません。先生や管理者から招待されたら、招待メールのリンクを開くと参加できます。',
} satisfies NamespaceStartLearningTranslation

export default ja_startLearning
