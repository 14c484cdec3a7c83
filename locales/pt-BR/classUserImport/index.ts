import type { NamespaceClassUserImportTranslation } from '../../i18n-types.js'

// The user import into classes (/organization/{id}/classes/import-users): upload, preview per class, consent, send.
const pt_BR_classUserImport = {
	templateXlsx: 'Modelo (.xlsx)',
	templateCsv: 'Modelo (.csv)',
	drop: 'Solte aqui um arquivo .xlsx ou .csv',
	consent: 'Matricular agora: tenho a permissão deles',
	consentHelp: 'Caso contrário, cada aluno recebe um convite para aceitar.',
	sending: 'Enviando…',
	ready: 'Pronto para enviar os convites.',
	fixErrors: 'Corrija estas linhas no arquivo, depois remova-o e envie-o novamente.',
	summary: '{total} {{linha|linhas}} no arquivo, {errors} com erros',
	rowColumn: 'Linha',
	emailColumn: 'E-mail do aluno',
	statusColumn: 'Verificação',
	noClass: '(sem nome de turma)',
	sent: 'Os convites foram enviados',
	perClass: '{name}: {invited} convidados, {joined} matriculados',
	confirm: 'Enviar os convites ({count})',
	school: {
		title: 'Importar usuários para turmas',
		intro: 'Envie um arquivo .xlsx ou .csv com uma pessoa por linha: o e-mail e o nome da turma. Cada linha é verificada antes de alguém ser convidado.',
		adminOnly: 'Só os administradores da organização podem importar usuários para turmas.',
		back: 'Voltar às turmas',
		action: 'Importar usuários para turmas',
	},
	company: {
		title: 'Importar usuários para equipes',
		intro: 'Envie um arquivo .xlsx ou .csv com uma pessoa por linha: o e-mail e o nome da equipe. Cada linha é verificada antes de alguém ser convidado.',
		adminOnly: 'Só os administradores da organização podem importar usuários para equipes.',
		back: 'Voltar às equipes',
		action: 'Importar usuários para equipes',
	},
	// what each preview row will do (and did, once confirmed)
	rowStatus: {
		invited: 'Convidado',
		school: {
			joins: 'Entra na turma na hora (é aluno da organização)',
			invitedStudent: 'Receberá um convite para a turma e o aceitará por conta própria (é aluno da organização)',
			invitedNew: 'Receberá um convite para a organização e a turma',
			joined: 'Entrou na turma',
		},
		company: {
			joins: 'Entra na equipe na hora (é funcionário da organização)',
			invitedStudent: 'Receberá um convite para a equipe e o aceitará por conta própria (é funcionário da organização)',
			invitedNew: 'Receberá um convite para a organização e a equipe',
			joined: 'Entrou na equipe',
		},
	},
} satisfies NamespaceClassUserImportTranslation

export default pt_BR_classUserImport
