import type { NamespaceStartLearningTranslation } from '../../i18n-types.js'

const pt_BR_startLearning = {
	title: 'Comece a aprender',
	lead: 'Você pratica a pronúncia no app para celular, com a mesma conta daqui.',
	getTheApp: 'Baixe o app',
	getTheAppText: 'Enviamos o link para instalá-lo no seu celular.',
	byEmail: 'Enviar o link por e-mail',
	bySms: 'Enviar o link por SMS',
	emailTitle: 'Enviar o link por e-mail',
	emailText: 'Abra o e-mail no celular e siga o link.',
	smsTitle: 'Enviar o link por SMS',
	smsText: 'Enviamos o link por mensagem de texto.',
	email: 'E-mail',
	phoneCode: 'Código',
	phoneNumber: 'Número de telefone',
	phoneType: 'Tipo de celular',
	choosePhoneType: 'Escolha seu celular',
	ios: 'iPhone ou iPad (iOS)',
	android: 'Android',
	send: 'Enviar link',
	joinTitle: 'Entre na sua escola ou empresa',
	joinText: 'Você ainda não pertence a nenhuma organização. Quando seu professor ou administrador convidar você, abra o link do e-mail de convite e pronto.',
} satisfies NamespaceStartLearningTranslation

export default pt_BR_startLearning
