/**
 * Every machine file pastes into the Stately editor (DESIGN.md "Flows are machines"): it imports
 * xstate, types and `toApiFailure` (machines/api-failure.ts, the one reading of a thrown API error
 * they share) only, and the config given to createMachine is a literal — no spreads, no
 * computed keys, no template literals, no imported fragments — with every state and the
 * important transitions described.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const dir = join(import.meta.dirname, '../../machines')
const machineFiles = readdirSync(dir).filter((name) => name.endsWith('.ts') && !['types.ts', 'roles.ts', 'api-failure.ts'].includes(name))

const camel = (file: string) => file.replace(/\.ts$/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

function parse(file: string) {
  const text = readFileSync(join(dir, file), 'utf8')
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
}

function findCreateMachineConfig(source: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  let found: ts.ObjectLiteralExpression | undefined
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'createMachine' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      found = node.arguments[0]
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('machines paste into the Stately editor', () => {
  it('finds the machine files', () => {
    expect(machineFiles).toEqual(expect.arrayContaining(['session.ts', 'login.ts', 'navigation-guard.ts']))
  })

  describe.each(machineFiles)('%s', (file) => {
    const source = parse(file)

    it('imports xstate, types and the shared reading of an API failure only', () => {
      for (const statement of source.statements) {
        if (!ts.isImportDeclaration(statement)) continue
        const from = (statement.moduleSpecifier as ts.StringLiteral).text
        const typeOnly = statement.importClause?.isTypeOnly === true
        expect(typeOnly || from === 'xstate' || from === './api-failure', `${file} imports values from ${from}`).toBe(true)
      }
    })

    it(`exports ${camel(file)}Machine built with setup(...).createMachine`, () => {
      expect(source.text).toMatch(new RegExp(`export const ${camel(file)}Machine = setup\\(`))
      expect(findCreateMachineConfig(source)).toBeDefined()
    })

    it('has a literal config: no spreads, computed keys or template literals', () => {
      const config = findCreateMachineConfig(source)
      const problems: string[] = []
      const visit = (node: ts.Node) => {
        if (ts.isSpreadAssignment(node) || ts.isSpreadElement(node)) problems.push(`spread: ${node.getText()}`)
        if (ts.isComputedPropertyName(node)) problems.push(`computed key: ${node.getText()}`)
        if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) problems.push(`template: ${node.getText()}`)
        ts.forEachChild(node, visit)
      }
      if (config) visit(config)
      expect(problems).toEqual([])
    })

    it('describes every state', () => {
      const config = findCreateMachineConfig(source)
      const undescribed: string[] = []
      // a state is a property of a `states` object; atomic substates of a described parent may be bare
      const visitStates = (states: ts.ObjectLiteralExpression, path: string, parentDescribed: boolean) => {
        for (const prop of states.properties) {
          if (!ts.isPropertyAssignment(prop) || !ts.isObjectLiteralExpression(prop.initializer)) continue
          const name = prop.name.getText()
          const props = prop.initializer.properties.filter(ts.isPropertyAssignment)
          const described = props.some((p) => p.name.getText() === 'description')
          const children = props.find((p) => p.name.getText() === 'states')
          if (!described && !(parentDescribed && !children)) undescribed.push(`${path}${name}`)
          if (children && ts.isObjectLiteralExpression(children.initializer)) {
            visitStates(children.initializer, `${path}${name}.`, described)
          }
        }
      }
      const top = config?.properties.filter(ts.isPropertyAssignment).find((p) => p.name.getText() === 'states')
      if (top && ts.isObjectLiteralExpression(top.initializer)) visitStates(top.initializer, '', false)
      expect(undescribed).toEqual([])
    })
  })
})
