import type { NamespaceClassExportsTranslation } from '../../i18n-types.js'

// the export menu of a class (src/features/reports/ExportMenu.tsx)
const pt_BR_classExports = {
	menu: 'Exportar',
	heading: 'Relatórios: {what}',
	downloading: 'Baixando…',
	activityCsv: 'Relatório de atividade (CSV)',
	activityXlsx: 'Relatório de atividade (Excel)',
	assessmentCsv: 'Relatório de avaliações (CSV)',
	assessmentXlsx: 'Relatório de avaliações (Excel)',
	lessonCsv: 'Relatório de detalhes das lições (CSV)',
	lessonXlsx: 'Relatório de detalhes das lições (Excel)',
	failed: 'Não foi possível baixar a exportação.',
	retry: 'Tentar novamente',
	dismiss: 'Fechar',
	// said when the server refuses (403): the class or, in a company, the team
	school: {
		forbidden: 'Você não pode mais exportar esta turma. Recarregue a página para ver o que pode fazer.',
	},
	company: {
		forbidden: 'Você não pode mais exportar esta equipe. Recarregue a página para ver o que pode fazer.',
	},
} satisfies NamespaceClassExportsTranslation

export default pt_BR_classExports
