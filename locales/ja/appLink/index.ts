import type { NamespaceAppLinkTranslation } from '../../i18n-types.js'

const ja_appLink = {
	ios: 'iPhone または iPad',
	android: 'Android 端末',
	subject: '発音アプリのリンク',
	greeting: 'こんにちは。',
	body: 'お使いの {platform} に発音アプリをインストールするためのリンクです。ポータルと同じアカウントでサインインして、練習を始めましょう。',
	action: 'アプリをインストール',
	footer: 'どなたかが発音ポータルからこのアドレスにこのリンクを送るよう依頼しました。お心当たりがない場合は、このメールを無視してください。',
	sms: '発音アプリのインストール用リンク: {link}',
	mailed: '{email} にリンクを送信しています。',
	texted: '{phone} にリンクを送信しています。',
	phoneInvalid: 'この国番号の電話番号ではありません。',
} satisfies NamespaceAppLinkTranslation

export default ja_appLink
