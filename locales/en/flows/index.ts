import type { BaseTranslation } from '../../i18n-types.js'

// the flow gallery (src/flows/FlowsPage.tsx): machine and state names stay as the machines spell them
const en_flows = {
	title: 'Flow gallery',
	intro: 'Every flow of the portal, drawn from its machine. Select a state to read the spec text it implements.',
	contents: 'Flows',
	diagram: 'Statechart of {name:string}',
	drawing: 'Drawing the statechart…',
	drawFailed: 'The statechart could not be drawn.',
	copy: 'Copy for the Stately editor',
	copied: 'Copied. In the Stately editor, choose Import from code and paste it.',
	copyFailed: 'Could not copy to the clipboard.',
	screens: 'Screens it drives',
	noScreens: 'No screen uses this flow.',
	states: 'States',
	state: 'State',
	description: 'Description',
	events: 'Events',
	none: 'None',
	noDescription: 'No description',
	spec: 'Spec text',
	specFor: 'Spec text for {state:string}',
	pickState: 'Select a state in the statechart (or focus it and press Enter) to read the spec text it implements.',
	flowSpec: 'The whole flow\'s spec text',
	inheritedFrom: 'Its parent state {parent:string} implements this text.',
	noStateSpec: 'The spec says nothing about this state alone; this is the flow\'s text.',
	source: 'Source: {document:string}, section {section:string}',
} satisfies BaseTranslation

export default en_flows
