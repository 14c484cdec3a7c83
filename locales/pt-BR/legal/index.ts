import type { NamespaceLegalTranslation } from '../../i18n-types.js'

const pt_BR_legal = {
	terms: {
		p1: 'O Pronunciation Portal é um serviço para escolas e empresas que gerenciam alunos de pronúncia em inglês. Ao usá-lo, você concorda com estes termos.',
		p2: 'Sua organização decide quem pode usar o portal e com qual função. Use sua conta apenas para os fins da sua organização e não compartilhe sua senha.',
		p3: 'Não envie conteúdo que você não tem permissão para compartilhar e não tente acessar dados de outras organizações nem atrapalhar o serviço.',
		p4: 'Podemos alterar estes termos; nesse caso, a nova versão é publicada nesta página. Em caso de dúvidas, fale com o administrador da sua organização.',
	},
	privacy: {
		p1: 'Guardamos os dados necessários para a sua conta: seu nome, e-mail, idioma, as organizações às quais você pertence e suas funções nelas.',
		p2: 'Os administradores da sua organização podem ver seu perfil e seu progresso de prática. Pessoas de outras organizações não podem.',
		p3: 'Enviamos e-mails apenas sobre a sua conta: links de confirmação, redefinição de senha e convites. Não vendemos seus dados.',
		p4: 'Você pode alterar seus dados na página de perfil e excluir sua conta a qualquer momento; seus dados pessoais são então removidos.',
	},
} satisfies NamespaceLegalTranslation

export default pt_BR_legal
