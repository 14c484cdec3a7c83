import type { NamespaceAppLinkTranslation } from '../../i18n-types.js'

const pt_BR_appLink = {
	ios: 'iPhone ou iPad',
	android: 'celular Android',
	subject: 'Seu link para o app de pronúncia',
	greeting: 'Olá,',
	body: 'Aqui está o link para instalar o app de pronúncia no seu {platform}. Entre com a conta que você usa no portal e comece a praticar.',
	action: 'Instalar o app',
	footer: 'Alguém pediu ao Portal de Pronúncia para enviar este link a este endereço. Se não foi você, pode ignorar este e-mail.',
	sms: 'Seu link para instalar o app de pronúncia: {link}',
	mailed: 'O link está a caminho de {email}.',
	texted: 'O link está a caminho de {phone}.',
	phoneInvalid: 'Este não é um número de telefone desse código de país.',
} satisfies NamespaceAppLinkTranslation

export default pt_BR_appLink
